// npm run ledger:verify — checks the journal against the balances of the configured database.
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { verifyLedger } from './verify.ts';

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
try {
  // The same schema the server would run on: a fresh database verifies as empty.
  await database.migrate();
  const report = await verifyLedger(database.db);
  console.log(
    `ledger: ${report.entries} entries, ${report.lines} lines, ${report.balances} balances checked against the journal`,
  );
  for (const problem of report.problems) console.error(`  ${problem}`);
  console.log(
    report.ok ? 'ledger verified: every entry balances and every balance matches the journal' : 'ledger NOT verified',
  );
  process.exitCode = report.ok ? 0 : 1;
} catch (error) {
  console.error(`ledger verification failed to run: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 2;
} finally {
  await database.close();
}
