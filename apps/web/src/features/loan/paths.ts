import { loanContractDocument } from '@soar/contract';

/** The loan contract among the product's documents, shown in the web view. */
export const loanContractPath = `/pages/webview/index?name=${loanContractDocument}`;
/** Identity verification, which loans may need (the KYC pages). */
export const kycPath = '/pages/kycverify/index';
