/**
 * The CLI speaks the user's language: Russian when the environment's language of messages is
 * (LC_ALL, else LC_MESSAGES, else LANG: the first set and not empty, as POSIX reads them), English
 * otherwise; `--lang ru|en` anywhere before `--` overrides it. In process, and once through the
 * built command (bin/rollmark.js, the bundle) as a terminal runs it.
 */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { localeFromEnv } from '../../../server/src/cli/io';
import { runCli } from './runCli';

const BIN = path.join(__dirname, '..', '..', '..', 'bin', 'rollmark.js');
const ODDS = ['odds', '--ruleset', 'vampire-pack', '«Сила 3 + Атлетика 3 (сложность 2)»'];
const RU_FIRST_LINES = 'Вампир: Маскарад — «Пакет игрока» · vampire-pack\n«Сила 3 + Атлетика 3 (сложность 2)» · пул 4\nУспех 76\u00a0% · болезненный провал 11\u00a0%';
const EN_FIRST_LINES = 'Vampire: The Masquerade — “Player Pack” · vampire-pack\n«Сила 3 + Атлетика 3 (сложность 2)» · pool 4\nSuccess 76% · painful failure 11%';
const firstLines = (text: string) => text.split('\n').slice(0, 3).join('\n');

describe('the language of the CLI', () => {
  it('comes from LC_ALL, LC_MESSAGES, LANG: the first set and not empty; ROLLMARK_LOCALE before them', () => {
    const cases: [NodeJS.ProcessEnv, 'ru' | 'en'][] = [
      [{}, 'en'],
      [{ LANG: 'ru_RU.UTF-8' }, 'ru'],
      [{ LANG: 'ru' }, 'ru'],
      [{ LANG: 'en_US.UTF-8' }, 'en'],
      [{ LANG: 'C.UTF-8' }, 'en'],
      [{ LC_MESSAGES: 'ru_RU.UTF-8', LANG: 'en_US.UTF-8' }, 'ru'],
      [{ LC_MESSAGES: 'en_US.UTF-8', LANG: 'ru_RU.UTF-8' }, 'en'],
      [{ LC_ALL: 'C', LC_MESSAGES: 'ru_RU.UTF-8', LANG: 'ru_RU.UTF-8' }, 'en'],
      [{ LC_ALL: 'ru_RU.UTF-8', LANG: 'en_US.UTF-8' }, 'ru'],
      [{ LC_ALL: '', LC_MESSAGES: '', LANG: 'ru_RU.UTF-8' }, 'ru'],
      [{ ROLLMARK_LOCALE: 'en', LC_ALL: 'ru_RU.UTF-8' }, 'en'],
    ];
    assert.deepEqual(
      cases.map(([env]) => localeFromEnv(env)),
      cases.map(([, locale]) => locale),
    );
  });

  it('--lang ru|en overrides it, before or after the command, as --lang X or --lang=X', async () => {
    assert.equal(firstLines((await runCli(['--lang', 'ru', ...ODDS], { locale: 'en' })).out), RU_FIRST_LINES);
    assert.equal(firstLines((await runCli([...ODDS.slice(0, 3), '--lang=ru', ODDS[3]], { locale: 'en' })).out), RU_FIRST_LINES);
    assert.equal(firstLines((await runCli(['--lang=en', ...ODDS], { locale: 'ru' })).out), EN_FIRST_LINES);
  });

  it('a --lang other than ru or en is a usage error in the language there is', async () => {
    assert.deepEqual(await runCli(['--lang', 'de', 'rulesets'], { locale: 'ru' }), { code: 2, out: '', err: 'rollmark: --lang: нужно ru или en, а не «de»\n' });
    assert.deepEqual(await runCli(['rulesets', '--lang'], { locale: 'en' }), { code: 2, out: '', err: 'rollmark: --lang must be ru or en, got ""\n' });
  });

  it('the usage in Russian: --help, and an unknown command', async () => {
    const help = await runCli(['--lang', 'ru', '--help']);
    assert.deepEqual([help.code, help.err], [0, '']);
    assert.equal(help.out.split('\n')[0], 'rollmark — проверки бросков в русских сценариях настольных ролевых игр');
    assert.match(help.out, /^ {2}--lang ru\|en {2}язык сообщений \(без него — по LC_ALL, LC_MESSAGES, LANG\)$/m);
    const unknown = await runCli(['chek'], { locale: 'ru' });
    assert.equal(unknown.code, 2);
    assert.equal(unknown.err.split('\n')[0], 'rollmark: неизвестная команда «chek»');
  });

  it('the built command reads the environment: LANG=ru_RU.UTF-8 gives Russian, --lang en English', () => {
    const env: NodeJS.ProcessEnv = { ...process.env, LANG: 'ru_RU.UTF-8' };
    delete env.LC_ALL;
    delete env.LC_MESSAGES;
    delete env.ROLLMARK_LOCALE;
    const ru = spawnSync(process.execPath, [BIN, ...ODDS], { env, encoding: 'utf8' });
    assert.deepEqual([ru.status, ru.stderr, firstLines(ru.stdout)], [0, '', RU_FIRST_LINES]);
    const en = spawnSync(process.execPath, [BIN, '--lang', 'en', ...ODDS], { env, encoding: 'utf8' });
    assert.deepEqual([en.status, en.stderr, firstLines(en.stdout)], [0, '', EN_FIRST_LINES]);
  });
});
