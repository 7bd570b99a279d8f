/**
 * A check as the analysis keeps it: what every check needs at once (its ranges, text, actor,
 * scene and the engine's spec) is stored; its parse tree, resolved sides and odds are computed
 * when read. A book holds tens of thousands of checks and the editor reads those parts for the
 * one under the cursor; kept for every check, they were most of the memory a long document held
 * (a 10 MB book with 57,000 checks: ~120 MB of trees, terms and their ranges).
 *
 * `ast`, `sides`, `spec`, `odds` and (where the party is asked) `party` are own enumerable
 * accessors, so an `AnalyzedCheck` reads, spreads, compares and serialises as the plain object it
 * was. The tree and sides are computed again on each read, at the check's current place (a check
 * whose block moved reads its new offsets), from its text and the context it was analysed in;
 * equal inputs give equal results (ARCHITECTURE.md, invariant 1). Equal specs are one shared
 * object per ruleset, and their odds are computed once, on first read, for all the checks that
 * share them.
 */
import type { CheckSpec } from '../../engine/checkSpec';
import { computeOdds } from '../../engine/odds';
import type { OddsReport } from '../../engine/oddsReport';
import type { Ruleset } from '../../engine/ruleset';
import { type CheckExpression, parseCheckExpression } from '../check/checkExpression';
import { ownCopy } from '../ownCopy';
import { partyOdds } from './party';
import { resolveCheck } from './resolveCheck';
import type { CheckContext } from './resolveContext';
import type { AnalyzedCheck, PartyOdds, ResolvedSide, TextRange } from '../types';

/** One spec of a ruleset, shared by every check that has it, and its odds once read. */
interface SharedSpec {
  readonly spec: CheckSpec;
  odds: OddsReport | undefined;
}

const specTables = new WeakMap<Ruleset, Map<string, SharedSpec>>();
/** Past this many specs a ruleset's table starts afresh: sharing is a saving, never a requirement. */
const SPEC_TABLE_LIMIT = 10_000;

/** The shared entry for a spec under a ruleset (keyed by the ruleset object: two workspaces may define one id differently). */
export function sharedSpec(ruleset: Ruleset, spec: CheckSpec): SharedSpec {
  let table = specTables.get(ruleset);
  if (!table) {
    table = new Map();
    specTables.set(ruleset, table);
  }
  const key = JSON.stringify(spec);
  let entry = table.get(key);
  if (!entry) {
    if (table.size >= SPEC_TABLE_LIMIT) table.clear();
    entry = { spec, odds: undefined };
    table.set(key, entry);
  }
  return entry;
}

function oddsOf(ruleset: Ruleset, entry: SharedSpec): OddsReport {
  entry.odds ??= computeOdds(ruleset, entry.spec);
  return entry.odds;
}

/** The odds of a spec, computed once per distinct spec and ruleset. */
export function oddsFor(ruleset: Ruleset, spec: CheckSpec): OddsReport {
  return oddsOf(ruleset, sharedSpec(ruleset, spec));
}

/** The accessors of a check with a spec and of one without (set once the class is defined). */
let WITH_SPEC: PropertyDescriptorMap;
let WITHOUT_SPEC: PropertyDescriptorMap;
/** The accessor of a check the party is asked about. */
let PARTY: PropertyDescriptor;

class LazyCheck {
  declare ast: CheckExpression;
  declare sides: ResolvedSide[];
  declare spec?: CheckSpec;
  declare odds?: OddsReport;
  declare actor?: string;
  declare scene?: AnalyzedCheck['scene'];
  declare party?: PartyOdds;

  readonly #context: CheckContext;
  readonly #spec: SharedSpec | undefined;

  constructor(
    public range: TextRange,
    public contentRange: TextRange,
    public text: string,
    context: CheckContext,
    spec: SharedSpec | undefined,
    actor: string | undefined,
    party: boolean,
  ) {
    this.#context = context;
    this.#spec = spec;
    Object.defineProperties(this, spec ? WITH_SPEC : WITHOUT_SPEC);
    if (actor !== undefined) this.actor = actor;
    if (party) Object.defineProperty(this, 'party', PARTY);
  }

  static {
    const content = (check: LazyCheck) => check.text.slice(1, -1);
    const tree = (check: LazyCheck) => parseCheckExpression(content(check), check.contentRange.start);
    const parts: PropertyDescriptorMap = {
      ast: {
        get(this: LazyCheck) {
          return tree(this);
        },
        enumerable: true,
      },
      sides: {
        get(this: LazyCheck) {
          return resolveCheck(tree(this), content(this), this.#context).sides;
        },
        enumerable: true,
      },
    };
    const spec: PropertyDescriptorMap = {
      spec: {
        get(this: LazyCheck) {
          return this.#spec?.spec;
        },
        enumerable: true,
      },
      odds: {
        get(this: LazyCheck) {
          return this.#spec && oddsOf(this.#context.ruleset, this.#spec);
        },
        enumerable: true,
      },
    };
    WITHOUT_SPEC = parts;
    WITH_SPEC = { ...parts, ...spec };
    PARTY = {
      get(this: LazyCheck) {
        return partyOf(content(this), this.#context);
      },
      enumerable: true,
    };
  }
}

/**
 * The party's odds by a check's content, per context: what every character would roll is a
 * resolution and odds per character, so it is computed when a hover, lens or report reads it,
 * not for every check of a book while the diagnostics wait (issue 24), and once for a check
 * written many times. A party's odds hold no range: equal content, equal odds.
 */
const partiesByContent = new WeakMap<CheckContext['characters'], Map<string, PartyOdds | undefined>>();

function partyOf(content: string, context: CheckContext): PartyOdds | undefined {
  let table = partiesByContent.get(context.characters);
  if (!table) {
    table = new Map();
    partiesByContent.set(context.characters, table);
  }
  if (table.has(content)) return table.get(content);
  const ast = parseCheckExpression(content, 0);
  const party = partyOdds(ast, content, resolveCheck(ast, content, context), context, oddsFor);
  if (table.size >= SPEC_TABLE_LIMIT) table.clear();
  table.set(ownCopy(content), party);
  return party;
}

/**
 * Shared specs by a check's text, per context (its character sheets are one array per context:
 * with the ruleset and dictionary that come with it, they decide a spec). The same check is
 * written many times in a book; its text finds the shared spec without building a key.
 */
const specsByText = new WeakMap<CheckContext['characters'], Map<string, SharedSpec | undefined>>();

/**
 * A check found in a block: `text` from « to », both included; `spec` as `resolveCheck` gave it
 * in `context`, the context the check is read again in; `party`, whether the whole party is asked
 * about it (party.ts `hasParty`): its odds are then read as `party`, undefined where no character can roll it.
 */
export function lazyCheck(range: TextRange, contentRange: TextRange, text: string, context: CheckContext, spec: CheckSpec | undefined, actor: string | undefined, party = false): AnalyzedCheck {
  let byText = specsByText.get(context.characters);
  if (!byText) {
    byText = new Map();
    specsByText.set(context.characters, byText);
  }
  let shared = byText.get(text);
  if (shared === undefined && spec) {
    if (byText.size >= SPEC_TABLE_LIMIT) byText.clear();
    shared = sharedSpec(context.ruleset, spec);
    // A copy of the text as the key: the check's own text is a slice of its block's, which the key would keep.
    byText.set(ownCopy(text), shared);
  }
  return new LazyCheck(range, contentRange, text, context, spec && shared, actor, party);
}
