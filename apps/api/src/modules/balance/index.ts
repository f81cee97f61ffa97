// What other modules may use of balance (module faces: nothing else is imported from outside this folder)
export { accountStatement } from './balance.service.ts';
export { lowBalanceOf } from './low-balance.service.ts';
