export { accrueOne, lastEndedDay } from './accrual.ts';
export { LoanAdmin } from './admin.ts';
export { LoanService, loanSetting } from './service.ts';
export { projection as loanProjection } from './views.ts';
