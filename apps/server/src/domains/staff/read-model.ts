// The staff domain's read model (see ../account/read-model.ts): analytics costs clocked hours, the club and
// account exports list the rota's rows.
export { clockEntries } from './schema.ts';
