#!/usr/bin/env node
/* global document */
// The UI test: what a person sees in VS Code (code-server in headless Chromium). It installs the
// packaged extension (rollmark.vsix, made by `npm run package`) when the project can package
// it, else loads the extension from the work tree; opens examples/vampire.scenario.md, hovers a
// check and reads the odds from the hover widget, clicks a code lens and reads the roll from the
// notification and from the roll log (Output panel); finds the planted errors of a scenario that
// was never opened in the Problems panel; writes prose and «» as VS Code's Markdown lets one;
// sees no Unicode warning on Russian words and «−»; folds the scenes, opens the preview and the
// outline; reads lenses that name their checks; chooses the workspace's ruleset from the status
// bar; is invited to choose a ruleset for Markdown with checks; opens the scenario report
// (`rollmark report examples --format html`) from file://, the same report in its webview
// («Обзор сценария») and the checks as chips in the Markdown preview; measures typing latency
// in a 1 MB scenario against the same text as Markdown Rollmark does not serve; and finds every
// step of the walkthrough done by what it did. Every step saves a screenshot.
//
//   node test/vscode/ui.test.mjs                     (part of npm run test:vscode)
//   node test/vscode/ui.test.mjs --update-screenshots   also writes docs/screenshots/ (hover, roll, lenses,
//                                                       problems, ruleset, invitation, report, overview, preview, walkthrough)
//   node test/vscode/ui.test.mjs --no-package           use the work tree even if it can be packaged
//   node test/vscode/ui.test.mjs --locale en            VS Code in English (default: Russian, see
//                                                       installRussianDisplayLanguage in lib/)
//   node test/vscode/ui.test.mjs --only typing          only the steps whose name matches (and the setup)
//   node test/vscode/ui.test.mjs --typing-rounds 5      more rounds of the typing-latency measurement
//
// Every screenshot of the last run, and the logs, are in test-results/vscode/ui/.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { countChecks, denseScenario, summarize, typeAndMeasure, withoutRuleset } from './lib/typing.mjs';
import { installRussianDisplayLanguage, installVsix, launchBrowser, makeRunDir, normalize, requirePrerequisites, ROOT, startCodeServer, workbenchUrl } from './lib/codeServer.mjs';

const args = new Set(process.argv.slice(2));
const UPDATE_SCREENSHOTS = args.has('--update-screenshots') || process.env.ROLLMARK_UPDATE_SCREENSHOTS === '1';
const TIMEOUT = Number(process.env.ROLLMARK_VSCODE_TIMEOUT_MS) || 600000;
const VIEWPORT = { width: 1280, height: 800 };
const argv = process.argv.slice(2);
const LOCALE = argv.includes('--locale') ? argv[argv.indexOf('--locale') + 1] : 'ru';
const RU = LOCALE === 'ru';
const option = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
/** Steps to run (a regular expression over their names); setup steps always run. */
const ONLY = option('--only') ? new RegExp(option('--only'), 'i') : undefined;
const TYPING_ROUNDS = Number(option('--typing-rounds', 2));
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
for (const file of ['errors.scenario.md', 'tavern.scenario.md', 'draft.scenario.md', 'глава-1.md', 'notes.md', 'control.js', 'flow.scenario.md', 'dense.scenario.md']) {
  workspaceFrom.push([join(ROOT, 'test/vscode/workspace', file), file]);
}
const run = makeRunDir('ui', { workspaceFrom, userSettings: { 'window.restoreWindows': 'none', 'workbench.editor.enablePreview': false } });
// Typing latency: the same 1 MB of text as a scenario and as a Markdown file Rollmark does not serve.
const BOOK = denseScenario();
writeFileSync(join(run.workspace, 'book.scenario.md'), BOOK);
writeFileSync(join(run.workspace, 'book.md'), withoutRuleset(BOOK));

const results = [];
let page;
let shot = 0;

/** Saves what the page shows; `readme`: also docs/screenshots/<readme>.png with --update-screenshots. */
async function screenshot(name, readme) {
  const file = join(artifacts, `${String(++shot).padStart(2, '0')}-${name}.png`);
  await page.screenshot({ path: file });
  if (readme && UPDATE_SCREENSHOTS) copyFileSync(file, join(ROOT, `docs/screenshots/${readme}.png`));
  return file;
}

/** The Russian or English text of the extension's own words (the workbench itself stays English). */
const say = (ru, en) => (RU ? ru : en);

/** The text of the active editor's lines on screen, top to bottom (wrapped lines joined per line). */
async function visibleLines() {
  return page.locator('.part.editor .editor-instance .monaco-editor .view-lines').first().evaluate((el) =>
    [...el.querySelectorAll('.view-line')]
      .map((line) => ({ top: line.getBoundingClientRect().top, text: line.textContent.replace(/\u00a0/g, ' ') }))
      .sort((a, b) => a.top - b.top)
      .map((line) => line.text),
  );
}

/** Waits until `probe` (async) returns something truthy; its last value explains a timeout. */
async function until(what, probe, timeout = 20000) {
  const end = Date.now() + timeout;
  let last;
  for (;;) {
    last = await probe().catch((error) => error);
    if (last && !(last instanceof Error)) return last;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${last instanceof Error ? last.message : JSON.stringify(last)}`);
    await page.waitForTimeout(200);
  }
}

/** The code lens drawn just above the (first) view line holding `text`, once it is there. */
async function lensAbove(text) {
  const line = page.locator('.part.editor .view-line', { hasText: text }).first();
  await line.waitFor();
  const lenses = page.locator('.part.editor .codelens-decoration');
  return until(`a code lens above «${text}»`, async () => {
    const top = (await line.boundingBox()).y;
    for (let i = 0; i < (await lenses.count()); i++) {
      const box = await lenses.nth(i).boundingBox();
      if (box && Math.abs(box.y + box.height - top) < 8 && (await lenses.nth(i).locator('a').count()) > 0) return lenses.nth(i);
    }
    return false;
  }, 30000);
}

/** One step of the test: a name, a body; a failure takes a screenshot and skips the rest. */
async function step(name, body, { setup = false } = {}) {
  if (ONLY && !setup && !ONLY.test(name)) return;
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
  // On a busy machine the palette's list can stay hidden while it filters: then it is closed and opened again.
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press('F1');
    const input = page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible' });
    await input.fill(`>${label}`);
    // The row with exactly this label (Enter would take whatever is highlighted first).
    const row = page.locator('.quick-input-list .monaco-list-row').filter({ has: page.locator('.label-name', { hasText: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }) });
    try {
      await row.first().click({ timeout: 10000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
      await page.keyboard.press('Escape');
    }
  }
}

/** Opens «Первые шаги с Rollmark» (Welcome: Open Walkthrough…); the ids of its steps with whether each is done. */
async function openWalkthrough() {
  await page.keyboard.press('Escape');
  await runCommand('Welcome: Open Walkthrough...');
  await page.locator('.quick-input-list .monaco-list-row', { hasText: say('Первые шаги с Rollmark', 'Get Started with Rollmark') }).first().click();
  await page.locator('button.getting-started-step').first().waitFor();
}

/** Each step of the walkthrough shown as "id:done" (VS Code names a step publisher.extension#walkthrough#id). */
const walkthroughSteps = () => page.locator('button.getting-started-step').evaluateAll((buttons) => buttons.map((b) => `${b.getAttribute('data-step-id').split('#').pop()}:${b.getAttribute('aria-checked')}`));

async function openFile(name) {
  // An open file: its tab (quick open's list can lag behind a busy workbench).
  const tab = page.locator(`.tabs-container .tab[aria-label^="${name},"], .tabs-container .tab[aria-label="${name}"]`).first();
  if ((await tab.count()) > 0) {
    await tab.click();
    await page.locator(`.tabs-container .tab.active[aria-label^="${name}"]`).waitFor();
    return;
  }
  await page.keyboard.press('Control+P');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible' });
  await input.fill(name);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: name }).first().click();
  await page.locator(`.tabs-container .tab.active[aria-label^="${name}"]`).waitFor();
}

async function goTo(line, column) {
  // On a busy machine Ctrl+G can reach a quick input that is still closing: then the cursor stays; try again.
  const position = page.locator('.statusbar-item', { hasText: new RegExp(`(Ln|Стр\\.?) ${line}, (Col|Стлб\\.?) ${column}(?!\\d)`) }).first();
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press('Control+G');
    const input = page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible' });
    await input.fill(`:${line}:${column}`);
    await page.keyboard.press('Enter');
    try {
      await position.waitFor({ timeout: 5000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
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
    }, { setup: true });
    await step('code-server installs rollmark.vsix', async () => {
      const out = await installVsix(vsix, run);
      if (!/successfully installed/i.test(out)) throw new Error(out);
      return out.split('\n').pop();
    }, { setup: true });
  }

  if (RU) await step('VS Code runs in Russian (test language pack)', () => installRussianDisplayLanguage(run), { setup: true });

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
  }, { setup: true });

  // VS Code opens the walkthrough when an author installs the extension; its service follows what
  // the author does from then on. Installed from the command line, the test opens it itself.
  await step('the walkthrough «Первые шаги с Rollmark» opens in the author’s language, no step done yet', async () => {
    await openWalkthrough();
    const steps = await walkthroughSteps();
    if (steps.join(' ') !== 'chooseRuleset:false writeCheck:false hover:false roll:false overview:false') throw new Error(steps.join(' '));
    await runCommand('View: Close Editor');
    return steps.join(' ');
  });

  await step('examples/vampire.scenario.md opens as Markdown: one odds display per check (the inlay hint), «🎲 Бросить» lenses, the ruleset’s title in the status bar', async () => {
    await openFile('vampire.scenario.md');
    await page.locator('.codelens-decoration a', { hasText: say('🎲 Бросить', '🎲 Roll') }).first().waitFor({ timeout: 30000 });
    await page.locator('.statusbar-item', { hasText: /^Markdown$/ }).first().waitFor();
    await page.locator('.statusbar-item', { hasText: say('Вампир: Маскарад — «Пакет игрока»', 'Vampire: The Masquerade — “Player Pack”') }).first().waitFor();
    const lines = await until('the inlay hint ≈76 %', async () => {
      const found = await visibleLines();
      return found.some((l) => /Сила \+ Атлетика \(сложность 2\)»\s*≈76\s?%/.test(l)) && found;
    });
    const lenses = (await page.locator('.codelens-decoration a').allInnerTexts()).map(normalize);
    if (lenses.some((l) => /%/.test(l))) throw new Error(`a lens shows odds too: ${lenses.join(' | ')}`);
    await screenshot('vampire-opened');
    return `lenses: ${lenses.join(' | ')}; ${lines.find((l) => l.includes('≈76'))}`;
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
    await screenshot('hover', 'hover');
    return hoverText.split('\n').slice(0, 9).join(' / ');
  });

  let toastText;
  await step('clicking its code lens rolls: the notification shows the dice', async () => {
    await page.mouse.move(5, VIEWPORT.height - 5);
    await page.keyboard.press('Escape');
    const lens = (await lensAbove('«Адриан: Сила + Атлетика (сложность 2)»')).locator('a').first();
    const title = normalize(await lens.innerText());
    if (title !== say('🎲 Бросить', '🎲 Roll')) throw new Error(`unexpected lens title: ${title}`);
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
    await screenshot('roll', 'roll');
    return logged;
  });

  await step('the Problems panel lists the errors of a scenario that was never opened', async () => {
    await page.keyboard.press('Escape');
    if ((await page.locator('.tabs-container .tab[aria-label^="errors.scenario.md"]').count()) > 0) throw new Error('errors.scenario.md is open: this step is about a closed file');
    await page.keyboard.press('Control+Shift+M');
    const rows = page.locator('.markers-panel .monaco-list-row');
    const wanted = ['RM001', 'RM007', 'RM009'];
    const texts = await until('the planted errors in Problems', async () => {
      const found = (await rows.allInnerTexts()).map(normalize);
      return found.some((t) => t.includes('errors.scenario.md')) && wanted.every((code) => found.some((t) => t.includes(code))) && found;
    });
    await screenshot('problems-closed-file', 'problems');
    await page.keyboard.press('Control+Shift+M');
    return texts.filter((t) => /RM0\d\d|errors\.scenario/.test(t)).map((t) => t.replace(/\n/g, ' ')).slice(0, 6).join(' | ');
  });

  await step('a line with two checks gets two lenses, each naming its check', async () => {
    await openFile('tavern.scenario.md');
    const lens = await lensAbove('Адриан толкает дверь');
    const titles = await until('two named lenses', async () => {
      const found = (await lens.locator('a').allInnerTexts()).map(normalize);
      return found.length === 2 && found;
    });
    const expected = ['🎲 Адриан: Сила + Атлетика', '🎲 Катастрофа: Ловкость + Скрытность − 1'];
    if (JSON.stringify(titles) !== JSON.stringify(expected)) throw new Error(`lenses: ${titles.join(' | ')}`);
    await screenshot('named-lenses', 'lenses');
    return titles.join(' | ');
  });

  await step('a paragraph with five checks gets one lens, «🎲 ▾ 5 проверок», inside the editor, that offers the five', async () => {
    await openFile('dense.scenario.md');
    const lens = await lensAbove('Адриан бежит по крышам');
    const titles = (await lens.locator('a').allInnerTexts()).map(normalize);
    const editor = await page.locator('.part.editor .monaco-editor').first().boundingBox();
    const box = await lens.locator('a').first().boundingBox();
    await screenshot('dense-paragraph-lens');
    if (JSON.stringify(titles) !== JSON.stringify([say('🎲 ▾ 5 проверок', '🎲 ▾ 5 checks')])) throw new Error(`lenses: ${titles.join(' | ')}`);
    if (!box || !editor || box.x + box.width > editor.x + editor.width) throw new Error(`the lens runs past the editor: ${JSON.stringify({ box, editor })}`);
    await lens.locator('a').first().click();
    const rows = page.locator('.quick-input-list .monaco-list-row');
    const offered = await until('the five checks offered', async () => (await rows.count()) === 5 && (await rows.allInnerTexts()).map(normalize));
    await screenshot('dense-paragraph-choice');
    await page.keyboard.press('Escape');
    // The next step reads tavern.scenario.md, as the step before left it.
    await openFile('tavern.scenario.md');
    return offered.map((row) => row.split('\n')[0]).join(' | ');
  });

  await step('no Unicode warning on Russian words or «−» in a scenario (and one on a look-alike letter in JavaScript)', async () => {
    const flags = () => page.locator('.part.editor [class*="unicode-highlight"]').count();
    const inScenario = await flags();
    const lines = await visibleLines();
    const screen = lines.join('\n');
    if (!screen.includes('− 1') || !/ а /.test(screen)) throw new Error(`the scenario's «−» and «а» are not on screen: ${screen}`);
    await screenshot('no-unicode-warnings');
    await openFile('control.js');
    const inCode = await until('VS Code’s flag on the Greek «ο» in control.js', async () => (await flags()) > 0 && flags());
    await screenshot('unicode-warning-in-code');
    if (inScenario !== 0) throw new Error(`${inScenario} Unicode warnings in tavern.scenario.md`);
    return `tavern.scenario.md: ${inScenario} flags; control.js: ${inCode}`;
  });

  await step('typing prose and Enter keeps the text as typed; «» close themselves', async () => {
    await openFile('tavern.scenario.md');
    // Rollmark is active once the status bar names the ruleset: «» close from then on.
    await page.locator('.statusbar-item', { hasText: say('Вампир: Маскарад — «Пакет игрока»', 'Vampire: The Masquerade — “Player Pack”') }).first().waitFor({ timeout: 30000 });
    // The last line (an empty one): Go to Line puts the keyboard in the editor, wherever it was.
    await goTo(19, 1);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Вот и вс');
    await page.waitForTimeout(800);
    const suggest = await page.locator('.editor-widget.suggest-widget.visible').count();
    await page.keyboard.press('Enter');
    await page.keyboard.type('Бросок: «');
    await page.waitForTimeout(300);
    const closed = await visibleLines();
    await page.keyboard.type('Сила 3');
    await page.keyboard.type('»');
    await page.keyboard.type('.');
    const lines = await visibleLines();
    await screenshot('typing-prose');
    if (suggest !== 0) throw new Error('a suggestion list opened in prose');
    if (!lines.includes('Вот и вс')) throw new Error(`the typed line is not as typed: ${lines.slice(-4).join(' / ')}`);
    if (!closed.includes('Бросок: «»')) throw new Error(`« did not close itself: ${closed.slice(-3).join(' / ')}`);
    if (!lines.some((l) => l.startsWith('Бросок: «Сила 3»'))) throw new Error(`» was not typed over: ${lines.slice(-3).join(' / ')}`);
    await runCommand('File: Revert File');
    return lines.slice(-2).join(' / ');
  });

  await step('Fold All folds the scenes', async () => {
    await openFile('tavern.scenario.md');
    await runCommand('Fold All');
    await until('the folded chapter', async () => {
      const found = await visibleLines();
      return found.some((l) => l.startsWith('# Таверна у моста')) && !found.some((l) => l.startsWith('## Сцена')) && found;
    });
    await screenshot('fold-all');
    // Open the chapter again: its scenes are folded each, their text hidden.
    await goTo(8, 1);
    await runCommand('Unfold');
    const lines = await until('the folded scenes', async () => {
      const found = await visibleLines();
      const headings = found.filter((l) => l.startsWith('## Сцена'));
      return headings.length === 2 && !found.some((l) => l.includes('Адриан толкает дверь') || l.includes('Внизу сыро')) && found;
    });
    await screenshot('fold-all-scenes');
    await runCommand('Unfold All');
    return lines.filter((l) => l.trim() !== '' && !/^(---|ruleset|characters| {2})/.test(l)).join(' / ');
  });

  await step('the Markdown preview opens for the scenario', async () => {
    await runCommand('Markdown: Open Preview to the Side');
    const heading = page.frameLocator('iframe.webview.ready').frameLocator('iframe#active-frame').locator('h1', { hasText: 'Таверна у моста' });
    await heading.waitFor({ timeout: 30000 });
    await screenshot('preview');
    await runCommand('View: Close All Editors');
    return 'h1 «Таверна у моста» in the preview';
  });

  await step('the outline and breadcrumbs show each heading of a .md with a ruleset once', async () => {
    await openFile('notes.md');
    // The cursor in the section, so that the breadcrumbs name it.
    await goTo(9, 1);
    await runCommand('Explorer: Focus on Outline View');
    const rows = page.locator('.pane-body .monaco-list-row', { hasText: 'Заметки мастера' });
    await rows.first().waitFor();
    await page.waitForTimeout(1500);
    const inOutline = await rows.count();
    const inBreadcrumbs = await page.locator('.breadcrumbs-control .monaco-breadcrumb-item', { hasText: 'Заметки мастера' }).count();
    await screenshot('outline-once');
    if (inOutline !== 1 || inBreadcrumbs !== 1) throw new Error(`«Заметки мастера»: ${inOutline} in the outline, ${inBreadcrumbs} in the breadcrumbs`);
    return `outline ${inOutline}, breadcrumbs ${inBreadcrumbs}`;
  });

  await step('the status bar chooses the workspace’s ruleset, says it by its title and gives the focus back to the editor', async () => {
    await openFile('draft.scenario.md');
    const item = page.locator('.statusbar-item', { hasText: say('Мир Тьмы: Система Повествования (2004)', 'World of Darkness: Storytelling System (2004)') }).first();
    // The item speaks of this document once its ruleset is the built-in default (not the last document's).
    const label = await until('the status bar item of draft.scenario.md', async () => {
      const text = (await item.getAttribute('aria-label')) ?? (await item.locator('a').first().getAttribute('aria-label')) ?? '';
      return text.includes(say('встроенные по умолчанию', 'the built-in default')) && text;
    });
    if (/\*\*|&nbsp;|\$\(/.test(label)) throw new Error(`the accessible label is not plain text: ${label}`);
    await item.click();
    const scope = page.locator('.quick-input-list .monaco-list-row', { hasText: say('Рабочая область', 'The workspace') }).first();
    await scope.waitFor();
    await screenshot('ruleset-scope', 'ruleset');
    await scope.click();
    const mage = page.locator('.quick-input-list .monaco-list-row', { hasText: say('Маг: Восхождение (Revised)', 'Mage: The Ascension, Revised') }).first();
    await mage.waitFor();
    await screenshot('ruleset-choice');
    await mage.click();
    await page.locator('.statusbar-item', { hasText: say('Маг: Восхождение (Revised)', 'Mage: The Ascension, Revised') }).first().waitFor({ timeout: 20000 });
    const focused = await page.evaluate(() => Boolean(document.activeElement?.closest('.part.editor .monaco-editor')));
    const settings = JSON.parse(readFileSync(join(run.workspace, '.vscode/settings.json'), 'utf8'));
    await screenshot('ruleset-chosen');
    if (settings['rollmark.defaultRuleset'] !== 'mage-revised') throw new Error(`workspace settings: ${JSON.stringify(settings)}`);
    if (!focused) throw new Error(`the focus is on ${await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200))}`);
    return `aria-label «${label}»; .vscode/settings.json ${JSON.stringify(settings)}`;
  });

  await step('a Markdown file with checks but no ruleset gets one quiet invitation', async () => {
    await openFile('глава-1.md');
    const toast = page.locator('.notifications-toasts .notification-toast', { hasText: 'глава-1.md' }).first();
    await toast.waitFor({ timeout: 20000 });
    const buttons = (await toast.locator('.monaco-button').allInnerTexts()).map(normalize);
    const expected = say(['Выбрать правила', 'Не сейчас', 'Больше не спрашивать'], ['Choose a Ruleset', 'Not Now', "Don't Ask Again"]);
    if (JSON.stringify(buttons) !== JSON.stringify(expected)) throw new Error(`buttons: ${buttons.join(' | ')}`);
    const severity = await toast.locator('.codicon-error, .codicon-warning').count();
    const offer = page.locator('.statusbar-item', { hasText: say('Без правил', 'No ruleset') }).first();
    await offer.waitFor();
    await screenshot('invitation', 'invitation');
    if (severity !== 0) throw new Error('the invitation is not an information message');
    const message = normalize(await toast.locator('.notification-list-item-message').innerText());
    return message;
  });

  await step('choosing a ruleset from «Без правил» answers the invitation and gives the keyboard back: the next letter lands in the text', async () => {
    await openFile('глава-1.md');
    await goTo(3, 1);
    await page.locator('.statusbar-item', { hasText: say('Без правил', 'No ruleset') }).first().click();
    const storytelling = page.locator('.quick-input-list .monaco-list-row', { hasText: say('Мир Тьмы: Система Повествования (2004)', 'World of Darkness: Storytelling System (2004)') }).first();
    await storytelling.waitFor();
    await storytelling.click();
    await until('the ruleset in the front matter', async () => (await visibleLines()).includes('ruleset: storytelling'));
    // At once, as an author does: nothing in between gives the editor the keyboard.
    await page.keyboard.type('Ж');
    const lines = await until('the letter in the text', async () => {
      const found = await visibleLines();
      return found.some((l) => l.startsWith('ЖВера прыгает')) && found;
    });
    const toast = page.locator('.notifications-toasts .notification-toast', { hasText: 'глава-1.md' }).first();
    await until('the invitation gone', async () => !(await toast.isVisible()));
    await screenshot('invitation-answered');
    await runCommand('File: Revert File');
    return lines.filter((l) => l !== '').join(' / ');
  });

  await step('a check typed trait by trait, each accepted with Enter: «Вера: Интеллект + Расследование»', async () => {
    await openFile('flow.scenario.md');
    await page.locator('.statusbar-item', { hasText: say('Мир Тьмы: Система Повествования (2004)', 'World of Darkness: Storytelling System (2004)') }).first().waitFor({ timeout: 30000 });
    await goTo(10, 1);
    const focused = page.locator('.editor-widget.suggest-widget.visible .monaco-list-row.focused');
    // «» close themselves; the list follows each slot: after «: » and after « + ».
    await page.keyboard.type('Вера ищет: «');
    await page.keyboard.type('Вера: Инт');
    const first = await until('«Интеллект» first in the list', async () => normalize((await focused.innerText().catch(() => '')) ?? '').startsWith('Интеллект') && (await focused.innerText()));
    await screenshot('completion-first-slot');
    await page.keyboard.press('Enter');
    await page.keyboard.type(' + Рас');
    const second = await until('«Расследование» first in the list', async () => normalize((await focused.innerText().catch(() => '')) ?? '').startsWith('Расследование') && (await focused.innerText()));
    await page.keyboard.press('Enter');
    const lines = await until('the check as accepted', async () => {
      const found = await visibleLines();
      return found.some((l) => l.startsWith('Вера ищет: «Вера: Интеллект + Расследование»')) && found;
    });
    await screenshot('completion-typed');
    await runCommand('File: Revert File');
    return `${normalize(first).split('\n')[0]}, ${normalize(second).split('\n')[0]}; ${lines.find((l) => l.startsWith('Вера ищет'))}`;
  });

  await step('typing latency: a 1 MB scenario against the same text as Markdown Rollmark does not serve', async () => {
    // After a paragraph with checks in the middle of the book (another, further up, each round):
    // on the blank line after it, a new paragraph, typed key by key. The Markdown copy lacks the
    // ruleset line: one line less.
    const lines = BOOK.split('\n');
    const paragraphs = [];
    for (let i = Math.floor(lines.length / 2); i > 0 && paragraphs.length < TYPING_ROUNDS; i--) {
      if (/^[А-ЯЁ]/u.test(lines[i]) && lines[i].includes('«') && lines[i + 1] === '') paragraphs.push(i + 2);
    }
    const files = ['book.md', 'book.scenario.md'];
    const lineIn = (file, round) => paragraphs[round] - (file.endsWith('.scenario.md') ? 0 : 1);
    const latencies = Object.fromEntries(files.map((f) => [f, []]));
    // Side by side: the Markdown file on the left (group 1), the scenario on the right (group 2),
    // without the side bar, so that a typed line fits a column without wrapping.
    await runCommand('View: Close All Editors');
    await runCommand('View: Toggle Primary Side Bar Visibility');
    await openFile('book.md');
    await runCommand('View: Split Editor Right');
    await page.keyboard.press('Control+2');
    await openFile('book.scenario.md');
    const right = page.locator('.editor-group-container', { has: page.locator('.tab.active[aria-label^="book.scenario.md"]') });
    await right.locator('.tabs-container .tab[aria-label^="book.md"] .codicon-close').click({ force: true });
    // Once the scenario's inlay hints are drawn, the server has analysed it.
    await until('the scenario analysed', async () => (await right.locator('.view-lines').first().innerText({ timeout: 5000 })).includes('≈'), 60000);
    await page.waitForTimeout(3000);
    const focus = async (file) => page.keyboard.press(file === 'book.md' ? 'Control+1' : 'Control+2');
    const BURST = 10;
    const PAUSE = 700;
    for (let round = 0; round < TYPING_ROUNDS; round++) {
      const text = `Vera vidit ten u vorot noch ${round + 1}`;
      for (const file of files) {
        await focus(file);
        await goTo(lineIn(file, round), 1);
        await page.keyboard.press('Enter');
        await page.keyboard.press('Enter');
        await page.keyboard.press('ArrowUp');
      }
      await page.waitForTimeout(1500);
      // Bursts of ten keys, the files taking turns (the first of each pair alternating), a pause
      // after each burst in which debounced work runs: diagnostics, lenses, inlay hints.
      for (let from = 0, burst = 0; from < text.length; from += BURST, burst++) {
        const order = burst % 2 === 0 ? files : [...files].reverse();
        for (const file of order) {
          await focus(file);
          latencies[file].push(...(await typeAndMeasure(page, text, from, Math.min(text.length, from + BURST))));
          await page.waitForTimeout(PAUSE);
        }
      }
    }
    await screenshot('typing-latency');
    await runCommand('View: Toggle Primary Side Bar Visibility');
    const figures = Object.fromEntries(files.map((f) => [f, summarize(latencies[f])]));
    const ratio = figures['book.scenario.md'].median / figures['book.md'].median;
    const report = { date: new Date().toISOString(), bytes: Buffer.byteLength(BOOK), checks: countChecks(BOOK), rounds: TYPING_ROUNDS, figures, ratio, latencies };
    writeFileSync(join(artifacts, 'typing.json'), JSON.stringify(report, null, 2));
    const ms = (x) => x.toFixed(1);
    return files.map((f) => `${f}: median ${ms(figures[f].median)} ms, p90 ${ms(figures[f].p90)}, max ${ms(figures[f].max)} (${figures[f].n} keys)`).join('; ') + `; ratio of medians ${ratio.toFixed(2)}`;
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
    // A row per check of examples/, as `rollmark check` counts them.
    const checked = JSON.parse(execFileSync(process.execPath, [join(ROOT, 'bin/rollmark.js'), 'check', '--format', 'json', 'examples'], { cwd: ROOT, encoding: 'utf8' }));
    const checks = checked.summary.checks;
    if (curveLines < 2 || bars < 5 || rows !== checks) throw new Error(`curve lines ${curveLines}, histogram bars ${bars}, check rows ${rows} of ${checks} checks`);
    if (remote.length > 0) throw new Error(`the report asked the network for ${remote.join(', ')}`);
    const shotFile = join(artifacts, `${String(++shot).padStart(2, '0')}-report-file.png`);
    await reportPage.screenshot({ path: shotFile });
    if (UPDATE_SCREENSHOTS) copyFileSync(shotFile, join(ROOT, 'docs/screenshots/report.png'));
    await reportPage.close();
    return `${curveLines} lines in the curve, ${bars} bars, ${rows} check rows, no request beyond file://`;
  });

  // Issue 23: the overview in a side panel 300 px wide (the same page the webview shows).
  await step('the overview at 300 px: every cell of every check row on screen with its column, nothing scrolled sideways', async () => {
    const narrow = await page.context().newPage();
    await narrow.setViewportSize({ width: 300, height: 900 });
    await narrow.goto(`file://${join(artifacts, 'report.html')}`);
    const overflow = await narrow.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    const cells = await narrow.locator('.rm-file tbody td').evaluateAll((tds) =>
      tds.map((td) => {
        const box = td.getBoundingClientRect();
        return { label: td.dataset.label ?? '', left: box.left, right: box.right, width: box.width };
      }),
    );
    const labels = [...new Set(cells.map((c) => c.label).filter((l) => l !== ''))];
    const outside = cells.filter((c) => c.width === 0 || c.left < 0 || c.right > 300);
    const shotFile = join(artifacts, `${String(++shot).padStart(2, '0')}-overview-300px.png`);
    await narrow.screenshot({ path: shotFile });
    await narrow.close();
    if (overflow > 0) throw new Error(`the page scrolls sideways by ${overflow} px`);
    if (outside.length > 0) throw new Error(`${outside.length} cells off screen, e.g. ${JSON.stringify(outside[0])}`);
    if (labels.length < 4) throw new Error(`the cells name only these columns: ${labels.join(', ')}`);
    return `${cells.length} cells inside 300 px, columns named: ${labels.join(', ')}`;
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
    // The row click above may leave the keyboard with the overview's webview for a moment, which keeps
    // Ctrl+G to itself; its tab gives the editor the keyboard for certain.
    await page.locator('.tabs-container .tab[aria-label^="vampire.scenario.md"]').first().click();
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

  await step('the walkthrough: each of its five steps done by what the author did above', async () => {
    await openWalkthrough();
    // A ruleset chosen from the status bar, the lenses of vampire.scenario.md, the hover, the lens's roll, «Обзор сценария».
    const steps = await until('every step of the walkthrough done', async () => {
      const found = await walkthroughSteps();
      return found.length === 5 && found.every((s) => s.endsWith(':true')) ? found : false;
    });
    // A step's page in the author's language, from the Markdown the manifest names per language.
    await page.locator('button.getting-started-step[data-step-id$="#hover"]').click();
    await until('the hover step’s page', async () => {
      for (const frame of page.frames()) if ((await frame.locator('h1', { hasText: say('Шансы', 'The odds') }).count().catch(() => 0)) > 0) return true;
      return false;
    });
    await screenshot('walkthrough', 'walkthrough');
    return steps.join(' ');
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
