/**
 * The setups for other editors of docs/editors.md (the same in docs/editors.en.md), as written (only the path to the checkout replaced),
 * run headless against the built server (dist/server.js): Neovim 0.7 (Debian 12's) shows the
 * diagnostics in Russian (`init_options.locale`), with the project's dictionary found through
 * `.rollmark/`, the dice lenses once attached, and reloads the project with its `<leader>R`
 * mapping; Vim with ALE shows the diagnostics, its project root the nearest folder with `.rollmark/` or
 * `.git`, else the file's own folder; Emacs with eglot and markdown-mode (`--batch`) shows them through
 * flymake and a hover through eldoc, picks up a dictionary change by itself, and roots the project at
 * `.rollmark/`, else the VC root, else the file's folder. The Neovim 0.10+ snippet, which needs a newer
 * Neovim than Debian has, is checked to parse. The editors are Debian packages (systemTools.ts).
 */
import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { EMACS, EMACS_EGLOT, EMACS_MARKDOWN_MODE, NEOVIM, requireSystemTools, VIM, VIM_ALE } from '../systemTools';

const ROOT = path.join(__dirname, '..', '..', '..');
const SETUPS = readFileSync(path.join(ROOT, 'docs', 'editors.md'), 'utf8');
const SETUPS_EN = readFileSync(path.join(ROOT, 'docs', 'editors.en.md'), 'utf8');
const SCENARIO = '---\nruleset: vampire-pack\n---\n\n«Прыгучесть + Атлетика (сложность 2)» и «Ловкасть + Атлетика (сложность 2)»\n';

const snippets = (page: string) => [...page.matchAll(/```(?:lua|vim|elisp)\n([\s\S]*?)```/g)].map((m) => m[1]);

/** docs/editors.md's fenced block whose first line is `firstLine`, with the checkout's path in place of /path/to/rollmark. */
function snippet(firstLine: string): string {
  const blocks = snippets(SETUPS);
  const block = blocks.find((b) => b.startsWith(`${firstLine}\n`));
  assert.ok(block, `docs/editors.md has no snippet starting with "${firstLine}"`);
  return block.replaceAll('/path/to/rollmark', ROOT);
}

interface Result {
  diagnostics: { code: string; message: string; lnum: number }[];
}

describe('the setups for other editors (docs/editors.md), headless', function () {
  this.timeout(60_000);
  let tmp = '';
  let book = '';

  before(() => {
    requireSystemTools(NEOVIM, VIM, VIM_ALE, EMACS, EMACS_EGLOT, EMACS_MARKDOWN_MODE);
    assert.ok(existsSync(path.join(ROOT, 'dist', 'server.js')), 'dist/server.js is built by `npm install` (npm run build)');
  });
  beforeEach(() => {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'rollmark-editors-'));
    book = path.join(tmp, 'book');
    mkdirSync(path.join(book, '.rollmark'), { recursive: true });
    mkdirSync(path.join(book, 'chapters'));
    writeFileSync(path.join(book, '.rollmark', 'dictionary.yaml'), '- Прыгучесть\n');
    writeFileSync(path.join(book, 'chapters', 'scene.md'), SCENARIO);
  });
  afterEach(() => rmSync(tmp, { recursive: true, force: true }));

  it('Neovim 0.7: Russian diagnostics with the project dictionary, lenses once attached, <leader>R reloads the project', () => {
    const version = execFileSync('nvim', ['--version'], { encoding: 'utf8' }).split('\n')[0];
    assert.match(version, /^NVIM v0\.7\./);
    writeFileSync(path.join(tmp, 'init.lua'), snippet('-- Neovim 0.7'));
    const result = path.join(tmp, 'result.json');
    writeFileSync(
      path.join(tmp, 'driver.lua'),
      `
local function codes()
  local out = {}
  for _, d in ipairs(vim.diagnostic.get(0)) do table.insert(out, { code = d.user_data and d.user_data.lsp and d.user_data.lsp.code or d.code, message = d.message, lnum = d.lnum }) end
  return out
end
local function has_unknown()
  for _, d in ipairs(codes()) do if d.code == 'RM001' then return true end end
  return false
end
local result = { errmsg = '' }
-- Lenses come without titles; Neovim resolves them (codeLens/resolve) after it has them.
local function lenses_resolved()
  local lenses = vim.lsp.codelens.get(0)
  if #lenses == 0 then return false end
  for _, lens in ipairs(lenses) do if not lens.command then return false end end
  return true
end
result.attached = vim.wait(15000, function() return has_unknown() and lenses_resolved() end, 20)
result.before = codes()
result.lenses = {}
for _, lens in ipairs(vim.lsp.codelens.get(0)) do table.insert(result.lenses, lens.command and lens.command.title or '') end
local file = io.open(${JSON.stringify(path.join(book, '.rollmark', 'dictionary.yaml'))}, 'a'); file:write('- Ловкасть\\n'); file:close()
vim.cmd('normal \\\\R')
result.reloaded = vim.wait(15000, function() return not has_unknown() end, 20)
result.after = codes()
result.errmsg = vim.v.errmsg
local out = io.open(${JSON.stringify(result)}, 'w'); out:write(vim.fn.json_encode(result)); out:close()
vim.cmd('qa!')
`,
    );
    const run = spawnSync('nvim', ['--headless', '-u', path.join(tmp, 'init.lua'), '-c', `luafile ${path.join(tmp, 'driver.lua')}`, path.join('chapters', 'scene.md')], {
      cwd: book,
      env: { ...process.env, HOME: tmp, XDG_CONFIG_HOME: tmp, XDG_DATA_HOME: tmp, XDG_STATE_HOME: tmp },
      encoding: 'utf8',
      timeout: 45_000,
    });
    assert.equal(run.status, 0, run.stderr);
    const got = JSON.parse(readFileSync(result, 'utf8')) as Result & { before: Result['diagnostics']; after: Result['diagnostics']; lenses: string[]; attached: boolean; reloaded: boolean; errmsg: string };
    assert.equal(got.errmsg, '', 'no error message (lenses were not asked for before the server attached)');
    assert.equal(got.attached, true);
    // «Прыгучесть» is in the project dictionary (found through .rollmark/), «Ловкасть» is not.
    assert.deepEqual(
      got.before.map((d) => [d.code, d.lnum]),
      [
        ['RM002', 4],
        ['RM001', 4],
      ],
    );
    assert.ok(got.before[1].message.includes('«Ловкасть»') && /[а-яё]{4}/.test(got.before[1].message.replace('Ловкасть', '')), `in Russian: ${got.before[1].message}`);
    assert.equal(got.lenses.length, 2);
    assert.ok(got.lenses.every((title) => title.startsWith('🎲')), got.lenses.join(' | '));
    assert.equal(got.reloaded, true, 'the dictionary term added on disk is known after <leader>R');
    assert.deepEqual(
      got.after.map((d) => d.code),
      ['RM002', 'RM002'],
    );
  });

  it('docs/editors.en.md shows the same setups', () => {
    assert.deepEqual(snippets(SETUPS_EN), snippets(SETUPS));
  });

  it('the untested setups (Helix, Zed, Sublime Text): the same on both pages, marked untested, their JSON valid', () => {
    const blocks = (page: string) => [...page.matchAll(/```(toml|json|rust)\n([\s\S]*?)```/g)].map((m) => ({ language: m[1], text: m[2] }));
    const ru = blocks(SETUPS.slice(SETUPS.indexOf('## Helix, Zed, Sublime Text')));
    assert.deepEqual(blocks(SETUPS_EN.slice(SETUPS_EN.indexOf('## Helix, Zed, Sublime Text'))), ru);
    assert.deepEqual(
      ru.map((b) => b.language),
      ['toml', 'toml', 'rust', 'json', 'json'],
    );
    for (const block of ru.filter((b) => b.language === 'json')) assert.doesNotThrow(() => JSON.parse(block.text), block.text);
    assert.match(SETUPS, /## Helix, Zed, Sublime Text \(не проверено\)/);
    assert.match(SETUPS_EN, /## Helix, Zed, Sublime Text \(untested\)/);
  });

  it('Neovim 0.10+: the snippet parses as Lua', () => {
    const file = path.join(tmp, 'init-0.10.lua');
    writeFileSync(file, snippet('-- Neovim 0.10+'));
    const run = spawnSync('nvim', ['--headless', '-u', 'NONE', '-c', `lua assert(loadfile(${JSON.stringify(file)}))`, '-c', 'qa!'], { encoding: 'utf8', timeout: 20_000, env: { ...process.env, HOME: tmp } });
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stderr, '');
  });

  /** Vim with ALE opening `file` from `cwd`: the diagnostics it shows, the project root it gives the server, any error message. */
  function inVimWithAle(cwd: string, file: string): Result & { root: string; errmsg: string } {
    writeFileSync(path.join(tmp, 'vimrc'), snippet('" Vim with ALE'));
    const result = path.join(tmp, 'result.json');
    writeFileSync(
      path.join(tmp, 'driver.vim'),
      `
let s:waited = 0
function! s:Check(timer) abort
  let s:waited += 50
  let l:list = ale#engine#GetLoclist(bufnr(''))
  if len(l:list) > 0 || s:waited > 20000
    let l:linter = filter(copy(ale#linter#Get('markdown')), {_, l -> l.name is# 'rollmark'})[0]
    let l:root = ale#lsp_linter#FindProjectRoot(bufnr(''), l:linter)
    call writefile([json_encode({'diagnostics': map(copy(l:list), {_, d -> {'code': d.code, 'message': d.text, 'lnum': d.lnum}}), 'root': l:root, 'errmsg': v:errmsg})], ${JSON.stringify(result)})
    qa!
  endif
endfunction
call timer_start(50, function('s:Check'), {'repeat': -1})
`,
    );
    // Vim needs a terminal: script(1) gives it one.
    const command = `vim -N -u ${path.join(tmp, 'vimrc')} -i NONE -n -c 'source ${path.join(tmp, 'driver.vim')}' ${file}`;
    const run = spawnSync('script', ['-qec', command, '/dev/null'], { cwd, env: { ...process.env, HOME: tmp, TERM: 'xterm' }, encoding: 'utf8', timeout: 45_000 });
    assert.equal(run.status, 0, run.stderr);
    return JSON.parse(readFileSync(result, 'utf8')) as Result & { root: string; errmsg: string };
  }

  it('Vim with ALE: the diagnostics, in Russian, with the project dictionary found through .rollmark/ (the root)', () => {
    const got = inVimWithAle(book, path.join('chapters', 'scene.md'));
    assert.equal(got.errmsg, '');
    assert.equal(got.root, book);
    assert.deepEqual(
      got.diagnostics.map((d) => [d.code, d.lnum]),
      [
        ['RM002', 5],
        ['RM001', 5],
      ],
    );
    assert.ok(got.diagnostics[1].message.includes('«Ловкасть»') && /[а-яё]{4}/.test(got.diagnostics[1].message.replace('Ловкасть', '')), `in Russian: ${got.diagnostics[1].message}`);
  });

  it('Vim with ALE: a file in a folder without .rollmark/ has its own folder as the root, not the parent; a .git above is a root', () => {
    const loose = path.join(tmp, 'loose');
    mkdirSync(loose);
    writeFileSync(path.join(loose, 'scene.md'), SCENARIO);
    const alone = inVimWithAle(loose, 'scene.md');
    assert.equal(alone.errmsg, '');
    assert.equal(alone.root, loose);
    // No project dictionary here: «Прыгучесть» is unknown too.
    assert.deepEqual(
      alone.diagnostics.filter((d) => d.code === 'RM001').map((d) => d.lnum),
      [5, 5],
    );
    const repo = path.join(tmp, 'repo');
    mkdirSync(path.join(repo, '.git'), { recursive: true });
    mkdirSync(path.join(repo, 'chapters'));
    writeFileSync(path.join(repo, 'chapters', 'scene.md'), SCENARIO);
    const inRepo = inVimWithAle(path.join(repo, 'chapters'), 'scene.md');
    assert.equal(inRepo.root, repo);
  });

  interface InEmacs {
    mode: string;
    root: string;
    diagnostics: { line: number; type: string; text: string }[];
    /** What eldoc shows with the point on «Ловкасть»: the hover without its Markdown markup, line by line. */
    hover: string[];
    /** With an addition to the dictionary: whether the RM001 went away once the term was written to the dictionary on disk, and what was left. */
    reloaded?: boolean;
    after?: { line: number; type: string; text: string }[];
    /** Whether eglot had no server for the buffer after `eglot-shutdown`. */
    shutDown: boolean;
  }

  /** `emacs --batch` with docs/editors.md's init snippet, opening `file` from `cwd`: what flymake, eldoc and eglot show; then `addition` appended to a dictionary file, if given. */
  function inEmacs(cwd: string, file: string, addition?: { dictionary: string; term: string }): InEmacs {
    const init = path.join(tmp, 'init.el');
    writeFileSync(init, snippet(';; Emacs with eglot'));
    const result = path.join(tmp, 'result.json');
    writeFileSync(
      path.join(tmp, 'driver.el'),
      `
;; Emacs activates the installed packages (Debian's elpa-*) before init.el; --batch does not.
(package-activate-all)
(load ${JSON.stringify(init)} nil t)
(defun rollmark-test-wait (pred)
  "PRED's value once it is non-nil, or nil after 15 seconds."
  (let ((deadline (+ (float-time) 15)) value)
    (while (and (not (setq value (funcall pred))) (< (float-time) deadline))
      ;; --batch has no command loop, and eglot-ensure and flymake start after a command: as if one ran.
      (run-hooks 'post-command-hook)
      (accept-process-output nil 0.05))
    value))
(defun rollmark-test-diagnostics ()
  (mapcar (lambda (d) (list :line (line-number-at-pos (flymake-diagnostic-beg d))
                            :type (symbol-name (flymake-diagnostic-type d))
                            :text (substring-no-properties (flymake-diagnostic-text d))))
          (sort (flymake-diagnostics) (lambda (a b) (< (flymake-diagnostic-beg a) (flymake-diagnostic-beg b))))))
(defun rollmark-test-unknown-term-p ()
  (cl-some (lambda (d) (string-match-p "\\\\[RM001\\\\]" (flymake-diagnostic-text d))) (flymake-diagnostics)))
(find-file ${JSON.stringify(file)})
(rollmark-test-wait #'rollmark-test-unknown-term-p)
(let ((result (list :mode (symbol-name major-mode)
                    :root (expand-file-name (project-root (eglot--project (eglot-current-server)))))))
  (setq result (plist-put result :diagnostics (vconcat (rollmark-test-diagnostics))))
  (goto-char (point-min))
  (search-forward "Ловкасть")
  (let (shown)
    (eglot-hover-eldoc-function (lambda (text &rest _) (setq shown (or text ""))))
    (rollmark-test-wait (lambda () shown))
    (setq result (plist-put result :hover
                            (vconcat (split-string (apply #'string (cl-loop for i below (length shown)
                                                                             unless (get-text-property i 'invisible shown)
                                                                             collect (aref shown i)))
                                                   "\\n")))))
  ${addition === undefined ? '' : `(write-region ${JSON.stringify(`- ${addition.term}\n`)} nil ${JSON.stringify(addition.dictionary)} t)
  (setq result (plist-put result :reloaded (if (rollmark-test-wait (lambda () (not (rollmark-test-unknown-term-p)))) t :json-false)))
  (setq result (plist-put result :after (vconcat (rollmark-test-diagnostics))))`}
  (eglot-shutdown (eglot-current-server))
  (setq result (plist-put result :shutDown (if (eglot-current-server) :json-false t)))
  (let ((coding-system-for-write 'utf-8))
    (write-region (json-encode result) nil ${JSON.stringify(result)})))
`,
    );
    const run = spawnSync('emacs', ['--batch', '-l', path.join(tmp, 'driver.el')], { cwd, env: { ...process.env, HOME: tmp }, encoding: 'utf8', timeout: 45_000 });
    assert.equal(run.status, 0, run.stderr);
    return JSON.parse(readFileSync(result, 'utf8')) as InEmacs;
  }

  it('Emacs with eglot: Russian diagnostics through flymake with the project dictionary (.rollmark/ the root), a hover through eldoc, a dictionary change picked up', () => {
    const got = inEmacs(book, path.join('chapters', 'scene.md'), { dictionary: path.join(book, '.rollmark', 'dictionary.yaml'), term: 'Ловкасть' });
    assert.equal(got.mode, 'markdown-mode');
    assert.equal(got.root, `${book}/`);
    // «Прыгучесть» is in the project dictionary, «Ловкасть» is not.
    const pool = { line: 5, type: 'eglot-warning', text: 'rollmark [RM002]: Пул проверки в этих правилах: Характеристика + Навык; или Характеристика + Дисциплина; или Самообладание + Упорство' };
    assert.deepEqual(got.diagnostics, [pool, { line: 5, type: 'eglot-error', text: 'rollmark [RM001]: Неизвестная черта «Ловкасть». Возможно: Ловкость' }]);
    // The hover of a check whose traits have no values: its pool, then the odds for each pool size (checked elsewhere).
    assert.deepEqual(got.hover.slice(0, 5), [
      'Пул неизвестен · нет значения: Ловкасть, Атлетика  ',
      'Ловкасть ? + Атлетика ? − сложность 2 = ? костей',
      '',
      '| Кубиков после сложности | Успех | Болезненный провал |',
      '| :-- | --: | --: |',
    ]);
    assert.equal(got.hover.length, 15);
    assert.equal(got.reloaded, true, 'eglot watches the dictionary: the term added on disk is known without a restart');
    assert.deepEqual(got.after, [pool, pool]);
    assert.equal(got.shutDown, true);
  });

  it('Emacs with eglot: without .rollmark/ the root is the VC root, else the file\'s own folder', () => {
    const loose = path.join(tmp, 'loose');
    mkdirSync(loose);
    writeFileSync(path.join(loose, 'scene.md'), SCENARIO);
    const alone = inEmacs(loose, 'scene.md');
    assert.equal(alone.root, `${loose}/`);
    // No project dictionary here: «Прыгучесть» is unknown too.
    assert.deepEqual(
      alone.diagnostics.filter((d) => d.text.startsWith('rollmark [RM001]')).map((d) => d.text),
      ['rollmark [RM001]: Неизвестная черта «Прыгучесть»', 'rollmark [RM001]: Неизвестная черта «Ловкасть». Возможно: Ловкость'],
    );
    const repo = path.join(tmp, 'repo');
    mkdirSync(path.join(repo, '.git'), { recursive: true });
    mkdirSync(path.join(repo, 'chapters'));
    writeFileSync(path.join(repo, 'chapters', 'scene.md'), SCENARIO);
    assert.equal(inEmacs(path.join(repo, 'chapters'), 'scene.md').root, `${repo}/`);
  });
});
