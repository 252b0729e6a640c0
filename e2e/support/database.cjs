// The browser tests' PostgreSQL database: `create` makes a new empty one and prints its URL (or
// prints nothing when no server answers and none is required); `drop <url>` drops it, with FORCE,
// since the test server may still hold connections. Run as a child process: Playwright's config
// is synchronous, and its teardown has to reach the same server.
const pg = require('pg');

const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const required = ['CI', 'REQUIRE_POSTGRES'].some((k) => {
  const v = process.env[k];
  return Boolean(v) && v !== 'false' && v !== '0';
});

async function main() {
  const [command, arg] = process.argv.slice(2);
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
      const name = new URL(arg).pathname.slice(1);
      if (!/^lastman_e2e_\d+$/.test(name)) throw new Error(`not a browser-test database: ${name}`);
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
