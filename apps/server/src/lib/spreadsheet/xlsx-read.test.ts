import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { savedByLibreOffice } from '../../test/libreoffice.js';
import { workbookOf } from './xlsx-read.js';

/** One sheet of cells as each editor writes them, as a file. */
async function fileOf(fill: (ws: ExcelJS.Worksheet) => void) {
  const wb = new ExcelJS.Workbook();
  fill(wb.addWorksheet('Topics'));
  return Buffer.from((await wb.xlsx.writeBuffer()) as ArrayBuffer);
}
const cellsOf = async (bytes: Buffer) => (await workbookOf(bytes)).sheets[0]!.rows;

describe('reading what each spreadsheet editor writes', () => {
  it('reads booleans written as the formulas TRUE() and FALSE() with their values (LibreOffice)', async () => {
    const rows = await cellsOf(
      await fileOf((ws) => {
        ws.getCell('A1').value = { formula: 'TRUE()', result: true };
        ws.getCell('B1').value = { formula: 'FALSE()', result: false };
        // Written without a value, a bare TRUE()/FALSE() is still its value.
        ws.getCell('C1').value = { formula: 'FALSE()' } as ExcelJS.CellFormulaValue;
      }),
    );
    expect(rows[0]).toEqual([{ value: true }, { value: false }, { value: false }]);
  });

  it('reads a formula by its cached value, even 0; a formula without one is a problem', async () => {
    const rows = await cellsOf(
      await fileOf((ws) => {
        ws.getCell('A1').value = { formula: '1-1', result: 0 };
        ws.getCell('B1').value = { formula: 'A1=1', result: false };
        ws.getCell('C1').value = { formula: 'A1+1' } as ExcelJS.CellFormulaValue;
      }),
    );
    expect(rows[0]).toEqual([
      { value: '0' },
      { value: false },
      { problem: 'A formula without a computed value: type the value instead' },
    ]);
  });

  it('reads shared formulas cell by cell, each by its cached value (Google Sheets, Numbers)', async () => {
    const rows = await cellsOf(
      await fileOf((ws) => {
        ws.getCell('A1').value = 2;
        ws.getCell('A2').value = 0;
        ws.getCell('B1').value = {
          formula: 'A1>0',
          result: true,
          shareType: 'shared',
          ref: 'B1:B2',
        } as ExcelJS.CellFormulaValue;
        ws.getCell('B2').value = { sharedFormula: 'B1', result: false };
      }),
    );
    expect(rows.map((r) => r[1])).toEqual([{ value: true }, { value: false }]);
  });

  it('reads numbers stored as text as that text, and numbers as their shortest decimal', async () => {
    const rows = await cellsOf(
      await fileOf((ws) => {
        ws.getCell('A1').value = '0012';
        ws.getCell('B1').value = 12;
        ws.getCell('C1').value = 0.5;
        ws.getCell('D1').value = '1';
      }),
    );
    expect(rows[0]).toEqual([{ value: '0012' }, { value: '12' }, { value: '0.5' }, { value: '1' }]);
  });

  it('reads date cells as the day (and time) the spreadsheet shows, not as UTC instants', async () => {
    const rows = await cellsOf(
      await fileOf((ws) => {
        ws.getCell('A1').value = new Date(Date.UTC(2026, 10, 23));
        ws.getCell('A1').numFmt = 'yyyy-mm-dd';
        ws.getCell('B1').value = new Date(Date.UTC(2026, 10, 23, 17, 22, 19));
        ws.getCell('B1').numFmt = 'yyyy-mm-dd hh:mm:ss';
      }),
    );
    expect(rows[0]).toEqual([{ value: '2026-11-23' }, { value: '2026-11-23 17:22:19' }]);
  });

  it('reads all of these the same after LibreOffice Calc saved the file', async () => {
    const original = await fileOf((ws) => {
      ws.addRow(['Topic', 'Active', 'Related intents', 'Number', 'Day']);
      ws.addRow(['Parking', false, true, '0012', new Date(Date.UTC(2026, 10, 23))]);
      ws.getCell('E2').numFmt = 'yyyy-mm-dd';
    });
    const saved = await savedByLibreOffice(original);
    expect(await cellsOf(saved)).toEqual(await cellsOf(original));
    expect(await cellsOf(saved)).toEqual([
      [
        { value: 'Topic' },
        { value: 'Active' },
        { value: 'Related intents' },
        { value: 'Number' },
        { value: 'Day' },
      ],
      [{ value: 'Parking' }, { value: false }, { value: true }, { value: '0012' }, { value: '2026-11-23' }],
    ]);
  });
});
