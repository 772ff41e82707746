import { beforeAll, describe, expect, it } from 'vitest';
import { backends, login, multipartFile, otherProject, type Session } from '../test/harness.js';
import { projectFixture } from '../test/project.js';
import { xlsxOf } from '../test/zip-bombs.js';

const XML = '<?xml version="1.0" encoding="UTF-8"?>';
const SI = '<si><t>a</t></si>';

/**
 * Workbooks built to exhaust the server: sizes understated in their headers, honest but huge,
 * millions of strings, thousands of files. Each is refused with a clear 4xx while inflating,
 * parallel imports are refused rather than piled up, and the server keeps answering throughout.
 */
describe.each(backends)('hostile workbooks are refused and the server stays up, on %s', (kind) => {
  // The import gate on its own: load shedding (on by default) would already queue heavy imports
  // one at a time, so the gate's answers could not be told apart (overload.test.ts covers shedding).
  const t = projectFixture(kind, { env: { LOAD_SHEDDING: 'off' } });
  const { admin } = t;
  let lying: Buffer;

  beforeAll(async () => {
    // ~300 KB that inflates to 300 MB, while its headers say 1 KB: the reported 626 KB → 575 MB kind.
    lying = await xlsxOf([
      { name: 'xl/sharedStrings.xml', chunk: SI.repeat(1000), repeat: 17_000, declaredSize: 1024 },
    ]);
  });

  const importAs = (session: Session, device: number, bytes: Buffer) => {
    const { payload, headers } = multipartFile({ name: 'topics.xlsx', content: bytes });
    return t.app.inject({
      method: 'POST',
      url: `/admin_panel/ai_config/intents/import?device_id=${device}&mode=preview`,
      headers: { ...session.headers, ...headers },
      payload,
    });
  };

  it('refuses a workbook whose headers understate its size, before it fills memory', async () => {
    expect(lying.length).toBeLessThan(1024 * 1024);
    const res = await importAs(admin, 1, lying);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().message).toMatch(/damaged|too large/);
  });

  it.each([
    [
      'an honest 300 MB inside',
      () => xlsxOf([{ name: 'xl/sharedStrings.xml', chunk: SI.repeat(1000), repeat: 17_000 }]),
      /more than 100 MB unpacked/,
    ],
    [
      '3 million shared strings',
      () => xlsxOf([{ name: 'xl/sharedStrings.xml', chunk: `${XML}<sst>${SI.repeat(10_000)}`, repeat: 300 }]),
      /more than 500,000 different texts/,
    ],
    [
      '4 million cells',
      () => xlsxOf([{ name: 'xl/worksheets/sheet1.xml', chunk: '<c r="A1"/>'.repeat(10_000), repeat: 400 }]),
      /rows or .* cells/,
    ],
    [
      '2,000 files inside',
      () =>
        import('../test/zip-bombs.js').then(({ zipOf }) =>
          zipOf(Array.from({ length: 2000 }, (_, i) => ({ name: `xl/media/f${i}.xml`, chunk: 'x' }))),
        ),
      /more than 500 files inside/,
    ],
  ])('refuses %s with 413 and says why', async (_name, make, message) => {
    const res = await importAs(admin, 1, await make());
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, error: 'import_too_large' });
    expect(res.json().message).toMatch(message);
  });

  it('runs one import per project and a few per server: eight at once are refused, not piled up', async () => {
    const other = await otherProject(t.database);
    const second = await login(t.app, other.username, other.password);
    const third = await otherProject(t.database);
    const thirdSession = await login(t.app, third.username, third.password);
    const bomb = await xlsxOf([{ name: 'xl/sharedStrings.xml', chunk: SI.repeat(1000), repeat: 5_000 }]);
    const attempts = [
      ...Array.from({ length: 6 }, () => importAs(admin, 1, bomb)),
      importAs(second, other.deviceId, bomb),
      importAs(thirdSession, third.deviceId, bomb),
    ];
    const health = t.app.inject({ method: 'GET', url: '/healthz' });
    const results = await Promise.all(attempts);
    const codes = results.map((r) => r.json().error as string);
    // This project's first runs; its other five are told another import is running.
    expect(codes.filter((c) => c === 'import_busy')).toHaveLength(5);
    // At most two run at once on a server: the third project is told to come back (Retry-After).
    const queued = results.filter((r) => r.statusCode === 429);
    expect(queued).toHaveLength(1);
    expect(Number(queued[0]!.headers['retry-after'])).toBeGreaterThan(0);
    expect(results.every((r) => r.statusCode < 500)).toBe(true);
    expect((await health).statusCode).toBe(200);
    // Afterwards every project may import again.
    expect((await importAs(admin, 1, bomb)).json().error).toBe('import_too_large');
  });
});
