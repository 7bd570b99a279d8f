/**
 * The luck audit as a page (the editor's command): the verdict, the chart of the session's exact
 * distribution of successes with the total rolled marked, and each kept roll. Markdown, for the
 * editor's preview; the chart an SVG image drawn by report/charts.ts's Vega, in colours of its own
 * (an image in a preview sees none of the page's CSS variables), readable on light and dark.
 */
import type { TopLevelSpec } from 'vega-lite';
import type { SessionAudit } from '../analysis/luckAudit';
import { escapeMarkdown } from '../present/escape';
import { auditEntryLine, auditHeadline } from '../present/luck';
import type { Voice } from '../present/voice';
import type { LuckAuditResult } from '../protocol';
import { toSvg } from './charts';

/** Below this probability the chart's ends are cut: a session of many rolls has a long, flat tail. */
const SHOWN = 1e-5;
const GREY = '#8a8f98';

const CONFIG: TopLevelSpec['config'] = {
  background: 'transparent',
  view: { stroke: 'transparent' },
  axis: { labelColor: GREY, titleColor: GREY, gridColor: '#8a8f9840', domainColor: GREY, tickColor: GREY, labelFontSize: 11, titleFontSize: 11, titleFontWeight: 'normal' },
};

/** The total's distribution as bars, the total rolled as a rule. */
export function luckChartSpec(total: readonly number[], observed: number, v: Voice): TopLevelSpec {
  let first = total.findIndex((p) => p >= SHOWN);
  let last = total.length - 1;
  while (last > 0 && total[last] < SHOWN) last--;
  first = Math.min(Math.max(0, first), observed);
  last = Math.max(last, observed);
  const values = total.slice(first, last + 1).map((p, i) => ({ k: first + i, p }));
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    description: v.w.auditTitle,
    width: 560,
    height: 200,
    layer: [
      {
        data: { values },
        mark: { type: 'bar', color: GREY },
        encoding: {
          x: { field: 'k', type: 'quantitative', title: v.w.auditChartX, axis: { format: 'd', tickMinStep: 1 }, scale: { domain: [first - 0.5, last + 0.5], nice: false } },
          y: { field: 'p', type: 'quantitative', title: v.w.auditChartY },
        },
      },
      {
        data: { values: [{ k: observed, label: v.w.auditChartObserved }] },
        mark: { type: 'rule', color: '#e07b39', strokeWidth: 2 },
        encoding: { x: { field: 'k', type: 'quantitative' } },
      },
    ],
  };
}

function base64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** The page: headline, chart (when any roll was audited), every kept roll. */
export async function luckAuditMarkdown(result: SessionAudit, v: Voice): Promise<LuckAuditResult> {
  const lines = [`# ${v.w.auditTitle}`, '', ...auditHeadline(result, v).flatMap((line) => [escapeMarkdown(line), ''])];
  if (result.audit) {
    const svg = await toSvg(luckChartSpec(result.audit.total, result.audit.observed, v), v, CONFIG);
    lines.push(`![${escapeMarkdown(v.w.auditChartX)}](data:image/svg+xml;base64,${base64(svg)})`, '');
  }
  lines.push(...result.entries.map((entry) => `- ${escapeMarkdown(auditEntryLine(entry, v))}`));
  return { markdown: `${lines.join('\n')}\n`, ...(result.audit ? { percentile: result.audit.percentile } : {}) };
}
