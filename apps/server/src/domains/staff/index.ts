// The rota as other features see it (analytics costs clocked hours): they import from here.

export { paidPosition, payRate, positionRatesByName, rateChangesOf, rateOn } from './pay/rates.ts';
export { staffRecordsOf } from './people/records.ts';
export { staffDomain } from './plugin.ts';
