// The rota as other features see it (analytics costs clocked hours): they import from here.

export { paidPosition, payRate, positionRatesByName, rateChangesOf } from './pay/rates.ts';
export { staffDomain } from './plugin.ts';
