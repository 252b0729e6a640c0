// The staff domain's read model (see ../account/read-model.ts): analytics costs clocked hours, the club and
// account exports list the rota's rows.
export { clockEntries, shifts, staffPayRates, staffSettings } from './schema.ts';
