import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { migrate } from './db/migrate.js';
import { seedIfEmpty } from './db/seed/index.js';

/** npm start: open the database (PGlite in DATA_DIR or DATABASE_URL), migrate, seed, listen. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const applied = await migrate(database);
  const seed = await seedIfEmpty(database.db, config.seed, config.adminPassword);
  const app = await buildApp({ database, config });

  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: closing`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const where = database.kind === 'pglite' ? `PGlite em ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  const lines = [
    '',
    `Boleto Garantido pronto em http://localhost:${config.port}`,
    `Banco de dados: ${where}${applied.length ? ` — migrações aplicadas: ${applied.join(', ')}` : ''}`,
    `Documentação da API: http://localhost:${config.port}/api/docs`,
  ];
  if (seed.seeded === 'skipped') {
    lines.push('Banco já inicializado. Acessos de demonstração (se criado com SEED=demo): admin / admin123, loja / loja123, franqueado / franq123');
  } else {
    lines.push(seed.seeded === 'demo' ? 'Dados de demonstração criados. Acessos:' : 'Banco vazio criado (SEED=none). Acesso:');
    for (const l of seed.lines) lines.push(`  ${l}`);
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((err) => {
  console.error('Falha ao iniciar:', err);
  process.exit(1);
});
