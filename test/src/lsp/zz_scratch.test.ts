import { writeFileSync } from 'node:fs';
import { docUri, LspTestClient, withCursor } from './harness';

const cases = JSON.parse(process.env.CASES ?? '[]') as { name: string; marked: string; locale?: string }[];

describe('scratch', () => {
  it('generates', async () => {
    const out: unknown[] = [];
    for (const c of cases) {
      const client = await LspTestClient.start({ locale: c.locale ?? 'ru' });
      const uri = docUri('hover.md');
      const { text, position } = withCursor(c.marked);
      await client.open(uri, text);
      const h = await client.hover(uri, position);
      out.push({ name: c.name, hover: h });
      await client.stop();
    }
    writeFileSync('/tmp/hover-out.json', JSON.stringify(out, null, 1));
  });
});
