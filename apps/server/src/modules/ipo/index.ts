export { allotOffer } from './allotment.ts';
export { newSeed, seedHash } from './lottery.ts';
export { IpoService } from './service.ts';
