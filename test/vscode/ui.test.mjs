#!/usr/bin/env node
// The UI test: what a person sees in VS Code (code-server in headless Chromium). It installs the
// packaged extension (rollmark.vsix, made by `npm run package`) when the project can package
// it, else loads the extension from the work tree; opens examples/vampire.scenario.md, hovers a
// check and reads the odds from the hover widget, clicks a code lens and reads the roll from the
// notification and from the roll log (Output panel), and finds the planted errors of
// test/vscode/workspace/errors.scenario.md in the Problems panel; then opens the scenario report
// (`rollmark report examples --format html`) from file://, the same report in its webview
// («Обзор сценария»), and the checks as chips in the Markdown preview.
//
//   node test/vscode/ui.test.mjs                     (part of npm run test:vscode)
//   node test/vscode/ui.test.mjs --update-screenshots   also writes docs/screenshots/{hover,roll,report,overview,preview}.png
//   node test/vscode/ui.test.mjs --no-package           use the work tree even if it can be packaged
//   node test/vscode/ui.test.mjs --locale en            VS Code in English (default: Russian, see
//                                                       installRussianDisplayLanguage in lib/)
//
// Every screenshot of the last run, and the logs, are in test-results/vscode/ui/.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { installRussianDisplayLanguage, installVsix, launchBrowser, makeRunDir, normalize, requirePrerequisites, ROOT, startCodeServer, workbenchUrl } from './lib/codeServer.mjs';

const args = new Set(process.argv.slice(2));
const UPDATE_SCREENSHOTS = args.has('--update-screenshots') || process.env.ROLLMARK_UPDATE_SCREENSHOTS === '1';
const TIMEOUT = Number(process.env.ROLLMARK_VSCODE_TIMEOUT_MS) || 300000;
const VIEWPORT = { width: 1280, height: 800 };
const argv = process.argv.slice(2);
const LOCALE = argv.includes('--locale') ? argv[argv.indexOf('--locale') + 1] : 'ru';
const RU = LOCALE === 'ru';
const artifacts = join(ROOT, 'test-results/vscode/ui');
const started = Date.now();

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const canPackage = !args.has('--no-package') && typeof pkg.scripts?.package === 'string';
requirePrerequisites({ needBuild: !canPackage });
rmSync(artifacts, { recursive: true, force: true });
mkdirSync(artifacts, { recursive: true });

/** The palette label of a contributed command: "Category: Title", titles from package.nls.json. */
function paletteLabel(id) {
  const command = (pkg.contributes?.commands ?? []).find((c) => c.command === id);
  if (!command) return undefined;
  const read = (file) => (existsSync(join(ROOT, file)) ? JSON.parse(readFileSync(join(ROOT, file), 'utf8')) : {});
  const nls = { ...read('package.nls.json'), ...(RU ? read('package.nls.ru.json') : {}) };
  const resolve = (s) => (typeof s === 'string' && /^%.+%$/.test(s) ? nls[s.slice(1, -1)] ?? s : s);
  const title = resolve(command.title);
  const text = typeof title === 'object' ? title.message : title;
  return command.category ? `${resolve(command.category)}: ${text}` : text;
}

// A workspace as an author has it: the bundled examples, plus one file with planted errors.
const workspaceFrom = readdirSync(join(ROOT, 'examples'))
  .filter((f) => f.endsWith('.md'))
  .map((f) => [join(ROOT, 'examples', f), f]);
workspaceFrom.push([join(ROOT, 'test/vscode/workspace/errors.scenario.md'), 'errors.scenario.md']);
const run = makeRunDir('ui', { workspaceFrom, userSettings: { 'window.restoreWindows': 'none', 'workbench.editor.enablePreview': false } });

const results = [];
let page;
let shot = 0;

async function screenshot(name) {
  const file = join(artifacts, `${String(++shot).padStart(2, '0')}-${name}.png`);
  await page.screenshot({ path: file });
  return file;
}

/** One step of the test: a name, a body; a failure takes a screenshot and skips the rest. */
async function step(name, body) {
  if (results.some((r) => r.status === 'failed')) {
    results.push({ name, status: 'skipped' });
    console.log(`- ${name} (skipped)`);
    return;
  }
  const t0 = Date.now();
  try {
    const detail = await body();
    results.push({ name, status: 'passed' });
    console.log(`✓ ${name} (${Date.now() - t0} ms)${detail ? `\n    ${detail}` : ''}`);
  } catch (error) {
    results.push({ name, status: 'failed', error });
    console.log(`✗ ${name}\n${String(error.stack || error).replace(/^/gm, '    ')}`);
    if (page) console.log(`    screenshot: ${await screenshot(`failed-${name.replace(/\W+/g, '-')}`).catch(() => '(none)')}`);
  }
}

const textOf = async (locator) => normalize(await locator.innerText());

async function runCommand(label) {
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible' });
  await input.fill(`>${label}`);
  // The row with exactly this label (Enter would take whatever is highlighted first).
  const row = page.locator('.quick-input-list .monaco-list-row').filter({ has: page.locator('.label-name', { hasText: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }) });
  await row.first().click();
}

async function openFile(name) {
  await page.keyboard.press('Control+P');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible' });
  await input.fill(name);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: name }).first().click();
  await page.locator(`.tabs-container .tab.active[aria-label^="${name}"]`).waitFor();
}

async function goTo(line, column) {
  await page.keyboard.press('Control+G');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible' });
  await input.fill(`:${line}:${column}`);
  await page.keyboard.press('Enter');
}

let server;
let browser;
let vsix;
let timedOut = false;
const hardTimeout = setTimeout(() => {
  timedOut = true;
  console.log(`✗ hard timeout after ${TIMEOUT / 1000} s: closing the browser`);
  // Closing the browser fails the running step and lets the rest clean up; if even that hangs:
  setTimeout(async () => {
    console.log(`${results.filter((r) => r.status === 'passed').length} passed, ${results.filter((r) => r.status !== 'passed').length + 1} failed`);
    await server?.stop();
    run.remove();
    process.exit(1);
  }, 15000).unref();
  browser?.close().catch(() => undefined);
}, TIMEOUT);

try {
  if (canPackage) {
    await step('npm run package makes rollmark.vsix', async () => {
      vsix = join(ROOT, 'rollmark.vsix');
      rmSync(vsix, { force: true });
      execFileSync('npm', ['run', '--silent', 'package'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
      if (!existsSync(vsix)) throw new Error('npm run package made no rollmark.vsix');
      return `${vsix}`;
    });
    await step('code-server installs rollmark.vsix', async () => {
      const out = await installVsix(vsix, run);
      if (!/successfully installed/i.test(out)) throw new Error(out);
      return out.split('\n').pop();
    });
  }

  if (RU) await step('VS Code runs in Russian (test language pack)', () => installRussianDisplayLanguage(run));

  await step('the workbench opens the workspace', async () => {
    server = await startCodeServer(run, { locale: LOCALE, logFile: join(artifacts, 'code-server.log') });
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: VIEWPORT });
    page = await context.newPage();
    page.setDefaultTimeout(20000);
    const url = workbenchUrl(server, run.workspace, vsix ? {} : { extensionDevelopmentPath: ROOT });
    await page.goto(url);
    await page.locator('.monaco-workbench').waitFor();
    await page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'vampire.scenario.md' }).waitFor();
    return `${vsix ? 'extension from rollmark.vsix' : 'extension from the work tree (extensionDevelopmentPath)'}, locale ${LOCALE}`;
  });

  await step('examples/vampire.scenario.md opens as Markdown with code lenses and its ruleset in the status bar', async () => {
    await openFile('vampire.scenario.md');
    await page.locator('.codelens-decoration a', { hasText: /76\s?%/ }).first().waitFor({ timeout: 30000 });
    await page.locator('.statusbar-item', { hasText: /^Markdown$/ }).first().waitFor();
    await page.locator('.statusbar-item', { hasText: 'vampire-pack' }).first().waitFor();
    const lenses = await page.locator('.codelens-decoration a').allInnerTexts();
    return `lenses: ${lenses.map(normalize).join(' | ')}`;
  });

  let hoverText;
  await step('hovering «Адриан: Сила + Атлетика (сложность 2)» shows its odds', async () => {
    await goTo(20, 1);
    await page.keyboard.press('Escape');
    const line = page.locator('.view-line', { hasText: 'Адриан: Сила + Атлетика (сложность 2)' }).first();
    await line.waitFor();
    // Between the terms the hover is the check's alone (on a trait the trait follows the odds).
    const plus = line.locator('span', { hasText: /^\s*\+\s*$/ }).first();
    const target = (await plus.count()) > 0 ? plus : line.locator('span', { hasText: /^Атлетика$/ }).first();
    const box = await target.boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const hover = page.locator('.monaco-hover:not(.hidden)', { hasText: '%' }).first();
    await hover.waitFor({ timeout: 15000 });
    await page.waitForTimeout(300);
    hoverText = await textOf(hover);
    // The text as drawn, spaces squeezed: the headline first, then the formula, then the rows with their bars.
    const expected = RU
      ? [/^Успех 76 % · болезненный провал 11 %$/m, 'Адриан: Сила 3 + Атлетика 3 − сложность 2 = 4 кости', /^успех 76 % █+/m, /^провал 13 % █+/m, /^болезненный провал 11 % █+/m]
      : [/^Success 76% · painful failure 11%$/m, 'Адриан: Сила 3 + Атлетика 3 − difficulty 2 = 4 dice', /^success 76% █+/m, /^failure 13% █+/m, /^painful failure 11% █+/m];
    for (const e of expected) {
      if (typeof e === 'string' ? !hoverText.includes(e) : !e.test(hoverText)) throw new Error(`the hover lacks ${e}:\n${hoverText}`);
    }
    const file = await screenshot('hover');
    if (UPDATE_SCREENSHOTS) copyFileSync(file, join(ROOT, 'docs/screenshots/hover.png'));
    return hoverText.split('\n').slice(0, 9).join(' / ');
  });

  let toastText;
  await step('clicking its code lens rolls: the notification shows the dice', async () => {
    await page.mouse.move(5, VIEWPORT.height - 5);
    await page.keyboard.press('Escape');
    const lens = page.locator('.codelens-decoration a', { hasText: /76\s?%/ }).first();
    const title = normalize(await lens.innerText());
    if (title !== (RU ? '🎲 Бросить · успех 76 %' : '🎲 Roll · success 76%')) throw new Error(`unexpected lens title: ${title}`);
    await lens.click();
    const toast = page.locator('.notifications-toasts .notification-toast', { hasText: '🎲' }).first();
    await toast.waitFor({ timeout: 15000 });
    toastText = await textOf(toast.locator('.notification-list-item-message'));
    if (!(RU ? /^🎲 «Адриан: Сила \+ Атлетика \(сложность 2\)»: \[[\d, ]+\] → .+ · зерно броска -?\d+$/ : /^🎲 «Адриан: Сила \+ Атлетика \(сложность 2\)»: \[[\d, ]+\] → .+ · seed -?\d+$/).test(toastText)) {
      throw new Error(`unexpected roll message: ${toastText}`);
    }
    const again = RU ? 'Бросить ещё' : 'Roll again';
    if ((await toast.locator('.monaco-button', { hasText: again }).count()) === 0) throw new Error(`the notification has no «${again}»`);
    return `${title} → ${toastText}`;
  });

  await step('the roll log (Output «Rollmark») has the same roll', async () => {
    const label = paletteLabel('rollmark.showRollLog');
    if (label) {
      await runCommand(label);
    } else {
      await runCommand('Output: Show Output Channels...');
      await page.locator('.quick-input-list .monaco-list-row', { hasText: /^Rollmark$/ }).first().click();
    }
    const lines = page.locator('.part.panel .monaco-editor .view-lines');
    const squash = (text) => text.replace(/\s+/g, '');
    const seed = toastText.match(/(?:seed|зерно броска) (-?\d+)$/)[0];
    let logged = '';
    const until = Date.now() + 15000;
    while (!squash(logged).includes(squash(seed))) {
      if (Date.now() > until) throw new Error(`the roll log lacks «${seed}»:\n${logged}`);
      await page.waitForTimeout(200);
      // Wrapped lines are several .view-line elements: join them in screen order.
      logged = normalize(
        await lines.first().evaluate((el) =>
          [...el.querySelectorAll('.view-line')]
            .map((line) => ({ top: line.getBoundingClientRect().top, text: line.textContent }))
            .sort((a, b) => a.top - b.top)
            .map((line) => line.text)
            .join(''),
        ).catch(() => ''),
      );
    }
    if (!logged.includes('vampire.scenario.md:20') || !squash(logged).includes(squash(toastText))) throw new Error(`unexpected roll log: ${logged}`);
    // The notification may have timed out meanwhile; the screenshot wants both.
    await page.locator('.notifications-toasts .notification-toast', { hasText: '🎲' }).first().waitFor({ timeout: 2000 }).catch(() => undefined);
    const file = await screenshot('roll');
    if (UPDATE_SCREENSHOTS) copyFileSync(file, join(ROOT, 'docs/screenshots/roll.png'));
    return logged;
  });

  await step('the Problems panel lists the planted errors', async () => {
    await page.keyboard.press('Escape');
    await openFile('errors.scenario.md');
    await page.keyboard.press('Control+Shift+M');
    const rows = page.locator('.markers-panel .monaco-list-row');
    const wanted = ['RM001', 'RM007', 'RM009'];
    const until = Date.now() + 20000;
    let texts = [];
    for (;;) {
      texts = (await rows.allInnerTexts()).map(normalize);
      if (wanted.every((code) => texts.some((t) => t.includes(code)))) break;
      if (Date.now() > until) throw new Error(`Problems panel rows:\n${texts.join('\n')}`);
      await page.waitForTimeout(200);
    }
    await screenshot('problems');
    return texts.filter((t) => /RM0\d\d/.test(t)).map((t) => t.replace(/\n/g, ' ')).join(' | ');
  });

  // Issue 14: the scenario report as a file, the same report in a webview, the checks as chips in the preview.
  await step('rollmark report examples --format html opens from file:// offline: the curve, the histogram, the tables', async () => {
    const file = join(artifacts, 'report.html');
    execFileSync(process.execPath, [join(ROOT, 'bin/rollmark.js'), 'report', 'examples', '--format', 'html', '-o', file], { cwd: ROOT, env: { ...process.env, ROLLMARK_LOCALE: LOCALE } });
    const reportPage = await page.context().newPage();
    const remote = [];
    reportPage.on('request', (request) => {
      if (!request.url().startsWith('file:')) remote.push(request.url());
    });
    await reportPage.setViewportSize({ width: 1100, height: 1250 });
    await reportPage.goto(`file://${file}`);
    const curveLines = await reportPage.locator('figure.rm-curve svg .mark-line path').count();
    const bars = await reportPage.locator('figure.rm-histogram svg .mark-rect path').count();
    const rows = await reportPage.locator('.rm-file tbody tr').count();
    if (curveLines < 2 || bars < 5 || rows !== 25) throw new Error(`curve lines ${curveLines}, histogram bars ${bars}, check rows ${rows}`);
    if (remote.length > 0) throw new Error(`the report asked the network for ${remote.join(', ')}`);
    const shotFile = join(artifacts, `${String(++shot).padStart(2, '0')}-report-file.png`);
    await reportPage.screenshot({ path: shotFile });
    if (UPDATE_SCREENSHOTS) copyFileSync(shotFile, join(ROOT, 'docs/screenshots/report.png'));
    await reportPage.close();
    return `${curveLines} lines in the curve, ${bars} bars, ${rows} check rows, no request beyond file://`;
  });

  let reportFrame;
  await step('«Обзор сценария» opens the report of vampire.scenario.md in a webview; a row reveals its check', async () => {
    const refused = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
    });
    await page.keyboard.press('Escape');
    // Room for the editor and the report side by side: no panel, no side bar.
    await openFile('vampire.scenario.md');
    if (await page.locator('.part.panel').isVisible()) await page.keyboard.press('Control+J');
    if (await page.locator('.part.sidebar').isVisible()) await page.keyboard.press('Control+B');
    await goTo(17, 1);
    await runCommand(paletteLabel('rollmark.showReport'));
    await page.locator('.quick-input-list .monaco-list-row', { hasText: RU ? 'Этот документ' : 'This document' }).first().click();
    const until = Date.now() + 30000;
    while (!reportFrame) {
      for (const frame of page.frames()) if ((await frame.locator('#rm-root svg').count().catch(() => 0)) >= 2) reportFrame = frame;
      if (Date.now() > until) throw new Error('no webview with the report');
      if (!reportFrame) await page.waitForTimeout(200);
    }
    const rows = await reportFrame.locator('.rm-file tbody tr[data-uri]').count();
    if (rows !== 6) throw new Error(`the webview's table has ${rows} rows`);
    await page.waitForTimeout(300);
    const file = await screenshot('overview');
    if (UPDATE_SCREENSHOTS) copyFileSync(file, join(ROOT, 'docs/screenshots/overview.png'));
    await reportFrame.locator('.rm-file h3').first().evaluate((heading) => heading.scrollIntoView());
    await page.waitForTimeout(200);
    await screenshot('overview-table');
    // The party's check: «Сила + Атлетика (сложность 2)», line 37.
    await reportFrame.locator('.rm-file tbody tr[data-line="36"]').click();
    await page.locator('.statusbar-item', { hasText: /(Ln|Стр\.?) 37, (Col|Стлб\.?) 26/ }).first().waitFor({ timeout: 10000 });
    if (refused.length > 0) throw new Error(`the webview's content security policy refused: ${refused.join(' | ')}`);
    return `${rows} rows; clicking the party's row put the cursor on line 37`;
  });

  await step('the Markdown preview draws every check of vampire.scenario.md as a chip', async () => {
    await goTo(17, 1);
    await runCommand('Markdown: Open Preview to the Side');
    let chips = [];
    const until = Date.now() + 30000;
    while (chips.length < 6) {
      for (const frame of page.frames()) {
        const found = await frame.locator('.rm-chip').allInnerTexts().catch(() => []);
        if (found.length > chips.length) chips = found;
      }
      if (Date.now() > until) throw new Error(`chips in the preview: ${chips.join(' | ')}`);
      if (chips.length < 6) await page.waitForTimeout(200);
    }
    const party = chips.map(normalize).find((c) => c.startsWith('«Сила + Атлетика (сложность 2)»'));
    if (!party || !/51 ?%–76 ?%$/.test(party)) throw new Error(`the party's chip: ${party}`);
    const file = await screenshot('preview');
    if (UPDATE_SCREENSHOTS) copyFileSync(file, join(ROOT, 'docs/screenshots/preview.png'));
    return chips.map(normalize).join(' | ');
  });
} finally {
  clearTimeout(hardTimeout);
  await browser?.close().catch(() => undefined);
  await server?.stop();
  run.remove();
}

const passed = results.filter((r) => r.status === 'passed').length;
const failed = results.length - passed + (timedOut && results.every((r) => r.status !== 'failed') ? 1 : 0);
console.log('');
if (failed > 0) console.log(`screenshots and logs: ${artifacts}`);
console.log(`UI test in code-server: ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
