import {
  makeRule,
  ruleText,
  type DirectoryImportIssue,
  type RuleParams,
  type RuleArgs,
  type RuleKey,
} from '@ambassador/contracts';
import { badRequest } from '../errors.js';
import { findSheet } from './sheet-rows.js';
import type { PlainSheet, PlainWorkbook } from './xlsx-plain.js';

/**
 * What the one-table workbook imports share (the directory's units, the locations): the sheet they
 * read, columns per language, yes/no cells, the problems by row and column with their rule, and the
 * preview's counts of what each row adds, updates or leaves unchanged.
 */

/** A row the import cannot take: where, and the rule it breaks (the same for every such import). */
export type RowIssue = DirectoryImportIssue;
export type RowAction = 'add' | 'update' | 'unchanged';

/** The sheet of that name, or a workbook's only sheet whatever its name. */
export function importSheet(wb: PlainWorkbook, name: string): PlainSheet {
  const ws = findSheet(wb, name) ?? (wb.sheets.length === 1 ? wb.sheets[0] : undefined);
  if (!ws) throw badRequest(`The workbook has no sheet named "${name}".`, 'import_invalid');
  return ws;
}

/** The header of a column of one language's text: "Name (english)". */
export const languageColumn = (what: string, language: string) => `${what} (${language})`;

/** A yes/no cell as the export writes it. */
export const yesNo = (on: boolean) => (on ? 'Yes' : 'No');

/** The problems found, at most `max` of them: a file of garbage would otherwise answer with thousands. */
export class RowIssues {
  constructor(
    private readonly max: number,
    readonly list: RowIssue[] = [],
  ) {}

  get count() {
    return this.list.length;
  }

  /** A problem under `rule`, in its own words. */
  add(
    row: number,
    column: string,
    rule: { readonly key: string; readonly params: RuleParams },
    message: string,
  ) {
    if (this.list.length < this.max) {
      this.list.push({ row, column, key: rule.key, params: { ...rule.params }, message });
    }
  }

  /** A problem under a rule of the contracts, in the rule's words. */
  rule<K extends RuleKey>(row: number, column: string, key: K, ...args: RuleArgs<K>) {
    this.add(row, column, makeRule(key, ...args), ruleText(key, ...args));
  }
}

/**
 * A preview being planned: its problems (at most `maxIssues`, after those given) and the rows
 * counted by what each does to the record it names, in file order. Nothing is applied yet.
 */
export function rowImport<R extends { action: RowAction }>(maxIssues: number, issues: RowIssue[] = []) {
  const found = new RowIssues(maxIssues, issues);
  const report = { applied: false, add: 0, update: 0, unchanged: 0, rows: [] as R[], errors: found.list };
  return {
    issues: found,
    report,
    /** Counts a row: no record yet is an add, the same values leave it unchanged. */
    count(row: Omit<R, 'action'>, existing: unknown, same: boolean) {
      const action: RowAction = !existing ? 'add' : same ? 'unchanged' : 'update';
      report[action]++;
      report.rows.push({ ...row, action } as R);
    },
  };
}
