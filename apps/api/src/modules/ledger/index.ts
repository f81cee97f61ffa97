// What other modules may use of ledger (module faces: nothing else is imported from outside this folder)
export {
  balanceChangeSql,
  findLedgerEntry,
  ledgerEntrySql,
  postLedgerEntry,
  readBalance,
  type LedgerPosting,
} from './ledger.repo.ts';
export { balanceBefore, monthlyTotals, periodTotals, statementEntries } from './statement.repo.ts';
export { overdueMinor } from './dues.ts';
