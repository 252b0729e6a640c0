// The browser tests' PostgreSQL database, named by the test server's port: `create <port>` makes a
// new empty one and prints its URL (or prints nothing when no server answers and none is required);
// `drop <port>` drops it, with FORCE, since the test server may still hold connections.
const pg = require('pg');

const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const required = ['CI', 'REQUIRE_POSTGRES'].some((k) => {
  const v = process.env[k];
  return Boolean(v) && v !== 'false' && v !== '0';
});

async function main() {
  const [command, arg] = process.argv.slice(2);
  if (!/^\d+$/.test(arg ?? '')) throw new Error(`a port, please: ${arg}`);
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (err) {
    if (command === 'create' && required) {
      console.error(`PostgreSQL is required for the browser tests but ${adminUrl} is not reachable: ${err}`);
      process.exit(1);
    }
    return;
  }
  try {
    if (command === 'create') {
      const name = `lastman_e2e_${arg}`;
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      process.stdout.write(url.toString());
    } else if (command === 'drop') {
      await admin.query(`DROP DATABASE IF EXISTS lastman_e2e_${arg} WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
