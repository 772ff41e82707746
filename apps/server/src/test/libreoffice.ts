import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
/** Debian's LibreOffice (libreoffice-calc-nogui, installed by .ci/run). */
const SOFFICE = process.env.SOFFICE_PATH ?? '/usr/bin/soffice';

/**
 * A workbook as LibreOffice Calc saves it: opened and saved again as .xlsx by
 * `soffice --headless --convert-to xlsx`, what an operator's "open, edit, save" writes. Each call
 * uses its own LibreOffice profile, so tests running side by side never wait on one another.
 */
export async function savedByLibreOffice(bytes: Buffer): Promise<Buffer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ac-soffice-'));
  try {
    const input = path.join(dir, 'in', 'workbook.xlsx');
    await fs.mkdir(path.dirname(input));
    await fs.writeFile(input, bytes);
    const out = path.join(dir, 'out');
    await run(
      SOFFICE,
      [
        `-env:UserInstallation=file://${path.join(dir, 'profile')}`,
        '--headless',
        '--norestore',
        '--convert-to',
        'xlsx',
        '--outdir',
        out,
        input,
      ],
      { timeout: 120_000 },
    );
    return await fs.readFile(path.join(out, 'workbook.xlsx'));
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
