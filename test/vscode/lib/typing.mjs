/* global document, window, MutationObserver */
// Typing latency in the real workbench: how long a keystroke takes to reach the screen in a
// 1 MB scenario with about 5,000 checks, against the same text as a Markdown file Rollmark does
// not serve. Measured in the page: from the keydown event's timestamp (set when the browser
// created the event, so time spent waiting for a busy renderer counts) to the DOM mutation that
// shows the typed character in the focused editor's view lines. The two files stand side by side
// and take turns every burst of keys, so that the machine's other load falls on both alike.
import { generateScenario } from '../../../bench/generateScenario.mjs';

/** Sentences with checks the dense text adds, each valid under the storytelling ruleset. */
const EXTRA = [
  'Адриан пробует «Адриан: Сила + Атлетика».',
  'Катастрофа рискует: «Катастрофа: Ловкость + Скрытность − 1».',
  'Вера ищет следы: «Вера: Интеллект + Расследование».',
  'Нужен бросок «Сообразительность 2 + Хитрость 2 (снова-9)».',
];

/**
 * The benchmark's realistic scenario (bench/generateScenario.mjs) made about three times as
 * dense in checks: a check sentence after three of every four sentences of prose, then cut to `bytes`
 * at a paragraph's end. About 5,000 checks in 1 MB, the file issue 12 was measured with.
 */
export function denseScenario(bytes = 1024 * 1024, seed = 20241) {
  const base = generateScenario(bytes, seed);
  let n = 0;
  const dense = base
    .split('\n')
    .map((line) => (/^[А-ЯЁ]/u.test(line) ? line.replace(/([.!?…]) (?=[А-ЯЁ])/gu, (match, end) => (n++ % 4 !== 3 ? `${end} ${EXTRA[n % EXTRA.length]} ` : match)) : line))
    .join('\n');
  const encoder = new TextEncoder();
  let cut = dense;
  while (encoder.encode(cut).length > bytes) cut = cut.slice(0, cut.lastIndexOf('\n\n', cut.length - 2));
  return `${cut.trimEnd()}\n`;
}

/** The same text with the front matter's `ruleset:` line removed: a Markdown file Rollmark does not serve. */
export function withoutRuleset(text) {
  return text.replace(/^ruleset: .*\n/m, '');
}

export function countChecks(text) {
  return (text.match(/«[^«»\n]*[+(][^«»\n]*»/g) ?? []).length;
}

/** Installs the in-page probe once: keydown timestamps and a wait for a view line's text. */
async function installProbe(page) {
  await page.evaluate(() => {
    if (window.__rollmarkTyping) return;
    const state = { keydowns: [] };
    window.addEventListener('keydown', (event) => state.keydowns.push(event.timeStamp), true);
    state.waitForLine = (expected) =>
      new Promise((resolve, reject) => {
        const root = document.querySelector('.part.editor .editor-group-container.active .editor-instance .monaco-editor .view-lines');
        const texts = () => [...root.querySelectorAll('.view-line')].map((line) => line.textContent.replace(/\u00a0/g, ' '));
        if (texts().includes(expected)) {
          resolve(performance.now());
          return;
        }
        const observer = new MutationObserver(() => {
          if (!texts().includes(expected)) return;
          observer.disconnect();
          clearTimeout(timer);
          resolve(performance.now());
        });
        const timer = setTimeout(() => {
          observer.disconnect();
          reject(new Error(`no view line reads «${expected}» after 10 s; the lines: ${JSON.stringify(texts())}`));
        }, 10000);
        observer.observe(root, { subtree: true, childList: true, characterData: true });
      });
    window.__rollmarkTyping = state;
  });
}

/**
 * Types `text.slice(from, to)` (keys of a US keyboard: each must send a keydown) into the focused
 * editor, one key at a time, at the end of a line that reads `text.slice(0, from)`; waits
 * `interval` ms after each character appears. Returns the latency of each key in ms.
 */
export async function typeAndMeasure(page, text, from, to, { interval = 100 } = {}) {
  await installProbe(page);
  const latencies = [];
  for (let i = from; i < to; i++) {
    const expected = text.slice(0, i + 1);
    await page.evaluate((e) => {
      const state = window.__rollmarkTyping;
      state.keydowns.length = 0;
      state.pending = state.waitForLine(e);
    }, expected);
    await page.keyboard.type(text[i]);
    const latency = await page.evaluate(async () => {
      const state = window.__rollmarkTyping;
      const shown = await state.pending;
      return shown - state.keydowns[0];
    });
    latencies.push(latency);
    await page.waitForTimeout(interval);
  }
  return latencies;
}

export function summarize(latencies) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { n: sorted.length, median: at(0.5), p90: at(0.9), max: sorted[sorted.length - 1], mean: sorted.reduce((s, x) => s + x, 0) / sorted.length };
}
