// Deterministic generator of realistic Russian scenario Markdown for the analysis benchmark.
// Plain Node ESM, no dependencies. `generateScenario(bytes, seed)` returns a string whose UTF-8
// size is at least `bytes` (a few hundred bytes over at most): front matter (storytelling ruleset,
// three characters), chapters and scenes as headings, paragraphs of Russian prose, lists, block
// quotes, an occasional table, and a «…» check roughly every 300 characters, drawn from checks
// that are valid under the storytelling ruleset. Some «…» are quotations («да», «Беги!») and some
// checks are written as prose («бросок Ловкость + Атлетика (сложность 4)», RM012).

/** mulberry32: a tiny seeded PRNG, good enough for text generation. */
export function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ATTRIBUTES = ['Интеллект', 'Сообразительность', 'Решительность', 'Сила', 'Ловкость', 'Выносливость', 'Внушительность', 'Манипулирование', 'Самообладание'];
const SKILLS = [
  'Академические знания', 'Компьютер', 'Ремесло', 'Расследование', 'Медицина', 'Оккультизм', 'Политика', 'Наука',
  'Атлетика', 'Драка', 'Вождение', 'Огнестрельное оружие', 'Кража', 'Скрытность', 'Выживание', 'Холодное оружие',
  'Обращение с животными', 'Эмпатия', 'Экспрессия', 'Запугивание', 'Убеждение', 'Коммуникабельность', 'Знание улиц', 'Хитрость',
];
/** Genitive forms for prose checks («проверку Силы + Атлетики со сложностью 2»). */
const GENITIVE = {
  Сила: 'Силы', Ловкость: 'Ловкости', Выносливость: 'Выносливости', Интеллект: 'Интеллекта', Сообразительность: 'Сообразительности',
  Самообладание: 'Самообладания', Решительность: 'Решительности', Атлетика: 'Атлетики', Скрытность: 'Скрытности', Медицина: 'Медицины',
  Вождение: 'Вождения', Кража: 'Кражи', Ремесло: 'Ремесла', Наука: 'Науки', Выживание: 'Выживания',
};
const CHARACTERS = {
  Адриан: { Сила: 3, Ловкость: 2, Выносливость: 3, Атлетика: 3, Драка: 2, Запугивание: 2, Сообразительность: 2, Самообладание: 2 },
  Катастрофа: { Ловкость: 4, Сообразительность: 3, Скрытность: 4, Кража: 3, Атлетика: 2, Хитрость: 2, Манипулирование: 3 },
  Вера: { Интеллект: 4, Решительность: 3, Медицина: 3, Оккультизм: 2, Расследование: 3, Эмпатия: 2, Самообладание: 3 },
};
const NAMES = Object.keys(CHARACTERS);

const NOUNS = [
  'город', 'дождь', 'переулок', 'фонарь', 'дверь', 'лестница', 'подвал', 'крыша', 'окно', 'тень', 'голос', 'шаги', 'стена',
  'машина', 'мост', 'река', 'туман', 'ночь', 'утро', 'вокзал', 'поезд', 'вагон', 'библиотека', 'архив', 'письмо', 'ключ',
  'нож', 'пистолет', 'кровь', 'шрам', 'собака', 'ворон', 'церковь', 'колокол', 'кладбище', 'больница', 'морг', 'полиция',
  'детектив', 'свидетель', 'незнакомец', 'старик', 'женщина', 'ребёнок', 'охранник', 'бармен', 'священник', 'сосед',
  'квартира', 'коридор', 'комната', 'стол', 'зеркало', 'фотография', 'дневник', 'карта', 'телефон', 'сигарета', 'бутылка',
];
const ADJECTIVES = [
  'тёмный', 'старый', 'мокрый', 'пустой', 'холодный', 'узкий', 'заброшенный', 'странный', 'тихий', 'глухой', 'ржавый',
  'чужой', 'последний', 'забытый', 'кровавый', 'серый', 'ночной', 'далёкий', 'тяжёлый', 'хрупкий', 'разбитый', 'запертый',
];
const VERBS = [
  'смотрит', 'ждёт', 'слышит', 'замечает', 'открывает', 'закрывает', 'прячет', 'находит', 'теряет', 'бежит', 'идёт',
  'молчит', 'шепчет', 'кричит', 'вспоминает', 'узнаёт', 'боится', 'ищет', 'держит', 'бросает', 'поднимает', 'стоит',
  'исчезает', 'появляется', 'скрипит', 'гаснет', 'звенит', 'дрожит', 'пахнет', 'тянется',
];
const ADVERBS = ['медленно', 'тихо', 'внезапно', 'снова', 'уже', 'всё ещё', 'едва', 'наконец', 'почему-то', 'слишком долго', 'осторожно', 'нарочно'];
const PREPOSITIONS = ['в', 'на', 'за', 'под', 'у', 'возле', 'через', 'над', 'из-за', 'вдоль', 'после', 'перед'];
const CONNECTORS = ['Когда', 'Пока', 'Если', 'Хотя', 'Потому что', 'Как только', 'Прежде чем', 'Едва'];
const QUOTES = ['«да»', '«нет»', '«Беги!»', '«Несколько действий»', '«Кто там?»', '«Не сейчас»', '«+3»', '«Ночной дозор»', '«Спасибо»'];
const SCENES = ['Пролог', 'Вокзал', 'Архив', 'Дождь над мостом', 'Подвал церкви', 'Ночная смена', 'Больница святой Анны', 'Последний поезд', 'Крыша', 'Эпилог'];

function pick(rand, list) {
  return list[Math.floor(rand() * list.length)];
}
function int(rand, min, max) {
  return min + Math.floor(rand() * (max - min + 1));
}
/** Russian plural: 1 успех, 2 успеха, 5 успехов. */
function plural(n, one, few, many) {
  const d = n % 10;
  const t = n % 100;
  if (d === 1 && t !== 11) return `${n} ${one}`;
  if (d >= 2 && d <= 4 && (t < 12 || t > 14)) return `${n} ${few}`;
  return `${n} ${many}`;
}
function capitalize(word) {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** One check in canonical markup, valid under the storytelling ruleset. */
function check(rand) {
  const attribute = pick(rand, ATTRIBUTES);
  const skill = pick(rand, SKILLS);
  const kind = rand();
  if (kind < 0.3) {
    // Bound to a character: the pool is known, exact odds.
    const name = pick(rand, NAMES);
    const sheet = CHARACTERS[name];
    const traits = Object.keys(sheet);
    const a = traits.find((t) => ATTRIBUTES.includes(t) && rand() < 0.5) ?? traits.find((t) => ATTRIBUTES.includes(t));
    const s = traits.find((t) => SKILLS.includes(t) && rand() < 0.5) ?? traits.find((t) => SKILLS.includes(t));
    return `«${name}: ${a} + ${s}${rand() < 0.3 ? ` − ${int(rand, 1, 3)}` : ''}»`;
  }
  if (kind < 0.5) return `«${attribute} ${int(rand, 1, 5)} + ${skill} ${int(rand, 0, 5)}»`;
  if (kind < 0.62) return `«${attribute} + ${skill}»`;
  if (kind < 0.7) return `«${attribute} + ${skill} + ${int(rand, 1, 3)}»`;
  if (kind < 0.76) return `«${attribute} + ${skill} ${int(rand, 1, 4)} (${pick(rand, ['снова-9', 'снова-8', 'без снова-10'])})»`;
  if (kind < 0.82) return `«${attribute} ${int(rand, 1, 5)} + ${skill} ${int(rand, 1, 5)} (${plural(int(rand, 5, 15), 'успех', 'успеха', 'успехов')}${rand() < 0.5 ? `, ${plural(int(rand, 3, 10), 'бросок', 'броска', 'бросков')}` : ''})»`;
  if (kind < 0.88) return `«${attribute} ${int(rand, 1, 5)} + ${skill} ${int(rand, 1, 5)} против ${pick(rand, ATTRIBUTES)} ${int(rand, 1, 5)} + ${pick(rand, SKILLS)} ${int(rand, 1, 5)}»`;
  if (kind < 0.93) return `«${attribute} + ${skill} [${pick(rand, ['Погони', 'Взлом', 'Первая помощь', 'Допрос', 'Паркур'])}]»`;
  if (kind < 0.97) return `«${pick(rand, ['Решительность + Самообладание', 'Сообразительность + Самообладание', 'Интеллект + Решительность', 'Выносливость + Решительность'])}»`;
  return `«Ловкость + ${skill} − ${int(rand, 1, 4)}»`;
}

/** A check written as prose, no «»: the analysis reports it as RM012. */
function proseCheck(rand) {
  const attributes = Object.keys(GENITIVE).filter((t) => ATTRIBUTES.includes(t));
  const skills = Object.keys(GENITIVE).filter((t) => SKILLS.includes(t));
  const a = pick(rand, attributes);
  const s = pick(rand, skills);
  switch (int(rand, 0, 3)) {
    case 0:
      return `Для этого нужен бросок ${a} + ${s} (сложность ${int(rand, 1, 5)}).`;
    case 1:
      return `Ведущий может попросить проверку ${GENITIVE[a]} + ${GENITIVE[s]} со сложностью ${int(rand, 1, 5)}.`;
    case 2:
      return `Это требует броска ${GENITIVE[a]} (сложность ${int(rand, 2, 8)}).`;
    default:
      return `Обычно здесь бросают ${a} + ${s}.`;
  }
}

function nounPhrase(rand) {
  return rand() < 0.45 ? `${pick(rand, ADJECTIVES)} ${pick(rand, NOUNS)}` : pick(rand, NOUNS);
}

function sentence(rand) {
  const subject = rand() < 0.35 ? pick(rand, NAMES) : capitalize(nounPhrase(rand));
  const parts = [subject];
  if (rand() < 0.4) parts.push(pick(rand, ADVERBS));
  parts.push(pick(rand, VERBS));
  parts.push(nounPhrase(rand));
  if (rand() < 0.6) parts.push(`${pick(rand, PREPOSITIONS)} ${nounPhrase(rand)}`);
  let text = parts.join(' ');
  if (rand() < 0.25) {
    const lowered = NAMES.includes(subject) ? text : `${text.charAt(0).toLowerCase()}${text.slice(1)}`;
    text = `${pick(rand, CONNECTORS)} ${lowered}, ${pick(rand, NOUNS)} ${pick(rand, VERBS)}`;
  }
  if (rand() < 0.1) text += ` — ${pick(rand, ADVERBS)} ${pick(rand, VERBS)} ${nounPhrase(rand)}`;
  if (rand() < 0.07) text += ` и говорит ${pick(rand, QUOTES)}`;
  if (rand() < 0.05) text = `*${text}*`;
  if (rand() < 0.04) text += ` (**${pick(rand, NOUNS)}**)`;
  return text + pick(rand, ['.', '.', '.', '.', '!', '?', '…']);
}

/**
 * Prose with a check roughly every 300 characters: sentences are emitted and, once ~300
 * characters have passed since the last check, a sentence about a check follows.
 */
class ProseWriter {
  constructor(rand, gap = 210) {
    this.rand = rand;
    this.gap = gap;
    this.sinceCheck = int(rand, 0, gap);
  }
  chunk() {
    const rand = this.rand;
    if (this.sinceCheck >= this.gap) {
      this.sinceCheck = int(rand, -40, 40);
      if (rand() < 0.08) return proseCheck(rand);
      const who = pick(rand, NAMES);
      return pick(rand, [
        `Чтобы успеть, нужен бросок ${check(rand)}.`,
        `${who} пробует ${check(rand)}; при неудаче ${pick(rand, NOUNS)} ${pick(rand, VERBS)}.`,
        `Бросьте ${check(rand)}.`,
        `Ведущий может потребовать ${check(rand)}, если ${pick(rand, NOUNS)} ${pick(rand, VERBS)}.`,
        `${capitalize(nounPhrase(rand))} ${pick(rand, VERBS)}: ${check(rand)}.`,
      ]);
    }
    const s = sentence(rand);
    this.sinceCheck += s.length + 1;
    return s;
  }
  paragraph(minChars) {
    const out = [];
    let length = 0;
    while (length < minChars) {
      const c = this.chunk();
      out.push(c);
      length += c.length + 1;
    }
    return out.join(' ');
  }
}

function frontMatter() {
  const lines = ['---', 'ruleset: storytelling', 'characters:'];
  for (const [name, sheet] of Object.entries(CHARACTERS)) {
    lines.push(`  ${name}: { ${Object.entries(sheet).map(([t, v]) => `${t}: ${v}`).join(', ')} }`);
  }
  lines.push('---', '');
  return lines.join('\n');
}

function block(rand, writer) {
  const r = rand();
  if (r < 0.68) return writer.paragraph(int(rand, 250, 1100));
  if (r < 0.84) {
    const ordered = rand() < 0.4;
    return Array.from({ length: int(rand, 2, 6) }, (_, i) => `${ordered ? `${i + 1}.` : '-'} ${writer.paragraph(int(rand, 40, 220))}`).join('\n');
  }
  if (r < 0.93) return writer.paragraph(int(rand, 120, 400)).split(/(?<=[.!?…]) /).map((line) => `> ${line}`).join('\n');
  if (r < 0.97) {
    const rows = Array.from({ length: int(rand, 2, 5) }, () => `| ${pick(rand, NAMES)} | ${check(rand)} | ${sentence(rand)} |`);
    return ['| Кто | Проверка | Что будет |', '|---|---|---|', ...rows].join('\n');
  }
  if (r < 0.985) return ['```', `${pick(rand, NOUNS)} = ${int(rand, 1, 9)}`, '# «Сила + Атлетика» в коде — не проверка', '```'].join('\n');
  return `Подробнее — в [${pick(rand, ['приложении', 'главе 6', 'правилах'])}](https://example.org/${pick(rand, ['rules', 'appendix', 'faq'])}) и <!-- заметка ведущего -->.`;
}

/**
 * Deterministic scenario of at least `bytes` UTF-8 bytes. `gap`: the prose (in characters) a
 * check waits for after the last one; 210 gives a check about every 300 characters, 0 a check
 * after every sentence (about every 100 characters: the dense book of issue 10's memory row).
 */
export function generateScenario(bytes, seed = 1, { gap = 210 } = {}) {
  const rand = seededRandom(seed);
  const writer = new ProseWriter(rand, gap);
  const parts = [frontMatter(), `# Сценарий: ${pick(rand, SCENES)}`, ''];
  let size = Buffer.byteLength(parts.join('\n'));
  let chapter = 1;
  while (size < bytes) {
    const out = [];
    if (rand() < 0.12) out.push(`## Глава ${chapter++}. ${pick(rand, SCENES)}`, '');
    if (rand() < 0.3) out.push(`### ${pick(rand, SCENES)}${rand() < 0.15 ? ` ${check(rand)}` : ''}`, '');
    out.push(block(rand, writer), '');
    const text = out.join('\n');
    parts.push(text);
    size += Buffer.byteLength(text) + 1;
  }
  return parts.join('\n');
}
