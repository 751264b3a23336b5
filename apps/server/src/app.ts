import path from 'node:path';
import websocket from '@fastify/websocket';
import { feedHealth } from '@soar/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config.ts';
import { EngineLease, fenceTransactions } from './core/lease.ts';
import { type Database, type DatabaseHandle, openDatabase, ping } from './db/client.ts';
import { EngineNode } from './engine-node.ts';
import { JobRunner } from './jobs/runner.ts';
import { EventBus } from './lib/bus.ts';
import { clientErrorHandler, headersTimeoutMs, requestTimeoutMs } from './lib/client-error.ts';
import { AppError } from './lib/errors.ts';
import { serializeRequest } from './lib/redact.ts';
import { MarketEngine } from './market/engine.ts';
import { createFeeds } from './market/feeds.ts';
import { AdjustmentService } from './modules/admin/adjustments.ts';
import { adminAuthRoutes } from './modules/admin/auth-routes.ts';
import { backOfficeRoutes } from './modules/admin/back-office-routes.ts';
import { claimRoutes, ReviewClaims } from './modules/admin/claims.ts';
import { Dashboard } from './modules/admin/dashboard.ts';
import {
  chainDashboard,
  loanDashboard,
  memberDashboard,
  quantDashboard,
  walletDashboard,
} from './modules/admin/dashboard-providers.ts';
import { chainQueues, reviewQueues } from './modules/admin/dashboard-queues.ts';
import { DepositChannelAdmin } from './modules/admin/deposit-channels.ts';
import { adminJobRoutes } from './modules/admin/job-routes.ts';
import { MemberAdmin } from './modules/admin/members.ts';
import { OperatorAccount } from './modules/admin/operator-account.ts';
import { adminOperatorRoutes } from './modules/admin/operator-routes.ts';
import { OperatorAdmin } from './modules/admin/operators.ts';
import { SettingsAdmin } from './modules/admin/settings-admin.ts';
import { adminWalletRoutes } from './modules/admin/wallet-routes.ts';
import { AlertEngine, AlertService, alertRoutes } from './modules/alert/index.ts';
import { BlocktradeAdmin } from './modules/blocktrade/admin.ts';
import { blocktradeRoutes } from './modules/blocktrade/routes.ts';
import { BlocktradeService } from './modules/blocktrade/service.ts';
import { payoutRouting } from './modules/chain/payouts.ts';
import { chainRoutes } from './modules/chain/routes.ts';
import { type ChainServices, chainServices } from './modules/chain/services.ts';
import type { SignerOptions } from './modules/chain/signer.ts';
import { BannerService } from './modules/content/banners.ts';
import { NewsAdmin } from './modules/content/news-admin.ts';
import { contentRoutes } from './modules/content/routes.ts';
import { InboxService } from './modules/identity/inbox.ts';
import { KycService } from './modules/identity/kyc.ts';
import { identityRoutes } from './modules/identity/routes.ts';
import { SupportService } from './modules/identity/support.ts';
import { IpoAdmin } from './modules/ipo/admin.ts';
import { ipoAllotJob } from './modules/ipo/allotment.ts';
import { ipoListJob } from './modules/ipo/listing.ts';
import { ipoRoutes } from './modules/ipo/routes.ts';
import { IpoService } from './modules/ipo/service.ts';
import { legacyRoutes } from './modules/legacy/routes.ts';
import { loanAccrueJob } from './modules/loan/accrual.ts';
import { LoanAdmin } from './modules/loan/admin.ts';
import { loanRoutes } from './modules/loan/routes.ts';
import { LoanService } from './modules/loan/service.ts';
import { InstrumentAdmin } from './modules/market/admin.ts';
import { marketRoutes } from './modules/market/routes.ts';
import { MarketService } from './modules/market/service.ts';
import { type CodeSender, createCodeSender, type SmsProvider } from './modules/member/delivery.ts';
import { withMailPhrase } from './modules/member/index.ts';
import { memberRoutes } from './modules/member/routes.ts';
import { newsRoutes } from './modules/news/routes.ts';
import { NewsService } from './modules/news/service.ts';
import {
  NotificationMailer,
  NotificationSettingsService,
  notificationRoutes,
  unsubscribeSecret,
} from './modules/notification/index.ts';
import { PortfolioService, portfolioRoutes, portfolioSnapshotJob } from './modules/portfolio/index.ts';
import { PushService, pushRoutes, vapidKeys } from './modules/push/index.ts';
import { quantAccrueJob } from './modules/quant/accrual.ts';
import { QuantAdmin } from './modules/quant/admin.ts';
import { MarketCalendar } from './modules/quant/calendar.ts';
import { quantRoutes } from './modules/quant/routes.ts';
import { QuantService } from './modules/quant/service.ts';
import { realtimeRoutes } from './modules/realtime/routes.ts';
import { Realtime, type RealtimeOptions } from './modules/realtime/service.ts';
import { searchRoutes } from './modules/search/routes.ts';
import { settingsRoutes } from './modules/settings/routes.ts';
import { SettingsService } from './modules/settings/service.ts';
import { StatementService, statementJob, statementRoutes } from './modules/statement/index.ts';
import { type BookChange, bookRelay, TradeEngine } from './modules/trade/engine.ts';
import { liveSides, sides } from './modules/trade/index.ts';
import { tradeExpireJob } from './modules/trade/jobs.ts';
import { tradeRoutes } from './modules/trade/routes.ts';
import { TradeService } from './modules/trade/service.ts';
import { uploadRoutes } from './modules/upload/routes.ts';
import { UploadService } from './modules/upload/service.ts';
import { walletRoutes } from './modules/wallet/routes.ts';
import { walletServices } from './modules/wallet/services.ts';
import { watchlistRoutes } from './modules/watchlist/routes.ts';
import { WatchlistService } from './modules/watchlist/service.ts';
import { authPlugin } from './plugins/auth.ts';
import { errorsPlugin, frameworkErrors, sendError } from './plugins/errors.ts';
import { i18nPlugin } from './plugins/i18n.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { securityPlugin } from './plugins/security.ts';
import { zodValidatorCompiler } from './plugins/validation.ts';
import { webPlugin } from './plugins/web.ts';
import { seed } from './seed/index.ts';
import { demoLoginsLine } from './seed/member.ts';
import { seedPortfolioDemo } from './seed/portfolio.ts';
import { seedTradeDemo } from './seed/trade.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    settings: SettingsService;
    bus: EventBus;
    market: MarketEngine;
    realtime: Realtime;
    jobs: JobRunner;
    /** The back office's dashboard: domains register their queues and figures (docs/admin.md). */
    dashboard: Dashboard;
    trade: { service: TradeService; engine: TradeEngine };
    alerts: { service: AlertService; engine: AlertEngine };
    /** USDT on chain: addresses, watchers, the signer (docs/ledger.md, On chain). */
    chain: ChainServices;
    /** Who holds and who decided each queue record (docs/admin.md, Queues). */
    claims: ReviewClaims;
  }
}

export type AppOptions = {
  /** An already opened database (tests hand in a fresh one per file). */
  database?: DatabaseHandle;
  /** Replaces the delivery of verification codes (tests record them; default: SMTP_URL or the log). */
  codeSender?: CodeSender;
  /** Sends phone codes when no `codeSender` is given; default: the log. */
  smsProvider?: SmsProvider;
  market?: {
    /** The engine's clock (tests pin it). */
    clock?: () => number;
    /** Computed history before the first start when the engine is on (default: 365 days, 5 in minutes). */
    history?: { dailyDays: number; minuteDays: number };
    /** With the engine on, tick on timers (default true); tests call `app.market.tick()` instead. */
    autoStart?: boolean;
    tickMs?: number;
    /** A vendor feed's first reconnect delay (tests shorten it). */
    feedBackoffMs?: number;
  };
  realtime?: RealtimeOptions;
  trade?: {
    /** With the engine on, execute triggers on the market's ticks (default true); tests call `app.trade.engine.onPrice()`. */
    listen?: boolean;
  };
  /** The signer's test seams: a crash after storing a send, a shorter drop time. */
  chain?: Partial<SignerOptions>;
  jobs?: {
    /** The runner's clock (tests pass one and call `app.jobs.runDue(time)`). */
    clock?: () => number;
    /** With the engine on, run on a timer (default true). */
    autoStart?: boolean;
  };
};

export const bodyLimit = 1024 * 1024;

/** Builds the whole API in-process; `main.ts` listens on it, tests call `inject()`. */
export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel, serializers: { req: serializeRequest } },
    bodyLimit,
    trustProxy: config.trustProxy,
    forceCloseConnections: 'idle',
    requestTimeout: requestTimeoutMs,
    http: { headersTimeout: headersTimeoutMs },
    clientErrorHandler,
    frameworkErrors,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database =
    options.database ??
    (await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, inMemory: config.inMemoryDatabase }));
  app.addHook('onClose', async () => database.close());
  try {
    await database.migrate();
    await seed(database.db, config);
  } catch (error) {
    await database.close();
    throw error;
  }
  const settings = new SettingsService(database.db);
  await settings.refresh();
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('settings', settings);
  const bus = new EventBus();
  app.decorate('bus', bus);

  // Engine nodes of one server database share a lease; the embedded one serves a single process.
  const engineOn = config.marketEngine === 'on';
  const engineLease =
    engineOn && database.driver === 'postgres'
      ? new EngineLease(database.db, { seconds: config.engineLeaseSeconds, onLost: () => engineNode.lost() })
      : undefined;
  if (engineLease) fenceTransactions(database.db);

  const marketClock = options.market?.clock ?? Date.now;
  const feeds = await createFeeds(config.feeds, {
    clock: marketClock,
    backoffMs: options.market?.feedBackoffMs,
    onError: (error) => app.log.warn({ err: error }, 'market feed'),
  });
  const engine = new MarketEngine({
    db: database.db,
    seed: config.simulatorSeed,
    alwaysOpen: config.marketsAlwaysOpen,
    clock: marketClock,
    tickMs: options.market?.tickMs,
    onError: (error) => app.log.error({ err: error }, 'market candle write failed'),
    feeds,
    staleMs: (config.feeds?.staleSeconds ?? 15) * 1000,
    onMalformed: (market, reason) => app.log.warn({ market, reason }, 'market feed sent a malformed frame'),
  });
  await engine.load();
  const history = await engine.prepare(
    engineOn ? (options.market?.history ?? { dailyDays: 5 * 366, minuteDays: 5 }) : undefined,
  );
  if (history) app.log.info(history, 'market history starts computed from the seed');
  app.decorate('market', engine);
  const realtime = await Realtime.create(
    { db: database.db, engine, bus, redisUrl: config.redisUrl },
    { onError: (error) => app.log.error({ err: error }, 'realtime session check failed'), ...options.realtime },
  );
  app.decorate('realtime', realtime);
  // Scheduled work runs on the engine node only (docs/jobs.md); domains register their jobs here.
  const jobs = new JobRunner(database.db, {
    clock: options.jobs?.clock,
    onError: (error, job, period) => app.log.error({ err: error, job, period }, 'job failed'),
  });
  app.decorate('jobs', jobs);

  const news = new NewsService(database.db);
  const wallet = walletServices({ db: database.db, bus, clock: jobs.clock, payouts: payoutRouting });
  // The crypto rails (docs/ledger.md, On chain): workers run with the jobs, on the engine node.
  const chain = chainServices({ db: database.db, ledger: wallet.ledger }, config.chain, options.chain);
  for (const worker of chain.workers) jobs.registerWorker(worker);
  if (engineOn || chain.signer) await chain.registerSigner();
  app.decorate('chain', chain);
  // Products run on the runner's clock, so tests that move it move purchases, accruals and dues.
  const products = { db: database.db, ledger: wallet.ledger, clock: jobs.clock };
  const calendar = new MarketCalendar(database.db);
  await calendar.load();
  const quant = new QuantService({ ...products, calendar });
  const loans = new LoanService(products);
  jobs.register(quantAccrueJob({ ...products, calendar, seed: config.simulatorSeed }));
  jobs.register(loanAccrueJob(products));
  // Trading (docs/trading.md): the engine executes triggers on the engine node only.
  const trade = new TradeService({
    db: database.db,
    ledger: wallet.ledger,
    market: engine,
    clock: engine.clock,
    decimalsOf: (code) => settings.snapshot.currencies.find((currency) => currency.code === code)?.decimals,
  });
  // Alerts (docs/product.md, Alerts): evaluated on the engine node beside the trigger book.
  const alertEngine = new AlertEngine({
    db: database.db,
    market: engine,
    ledger: wallet.ledger,
    clock: engine.clock,
    onError: (error) => app.log.error({ err: error }, 'alert'),
  });
  const alertService = new AlertService({ db: database.db, market: engine, clock: engine.clock });
  alertService.changed = (alertId) =>
    alertEngine.running ? alertEngine.heard(alertId) : realtime.publishBook({ alertId });
  const tradeEngine = new TradeEngine(trade, engine, wallet.ledger, {
    stopOutRatio: async (market) => (await trade.feeRow(market)).stopOutRatio,
    onError: (error) => app.log.error({ err: error }, 'trade execution failed'),
    positionTracked: (position) => alertEngine.positionChanged(position),
  });
  app.decorate('alerts', { service: alertService, engine: alertEngine });
  app.decorate('trade', { service: trade, engine: tradeEngine });
  // Until this node runs the engine, the book changes it commits go to the node that does.
  trade.listener = bookRelay((change) => realtime.publishBook(change));
  if (engineOn) jobs.register(tradeExpireJob(tradeEngine));
  const ipo = new IpoService(products);
  const blocktrade = new BlocktradeService({ db: database.db, ledger: wallet.ledger, trade });
  jobs.register(ipoAllotJob(products));
  jobs.register(ipoListJob({ ...products, market: engine, trade, seed: config.simulatorSeed }));
  // Account value and performance (docs/product.md): quotes through the provider seam, bid and ask
  // as trading quotes them; the daily snapshot runs after the day's loan accruals.
  const quotedSides = (symbol: string, last: string) => {
    const instrument = engine.instrument(symbol);
    if (!instrument) return undefined;
    // The live quote's own bid and ask while `last` is its last trade; a past close's pair otherwise.
    const state = engine.state(instrument);
    const live = state && liveSides(instrument, state);
    const quoted = live?.last.eq(last) ? live : sides(instrument, last);
    return { bid: quoted.bid.toFixed(), ask: quoted.ask.toFixed() };
  };
  const portfolio = new PortfolioService({ db: database.db, quotes: engine, sides: quotedSides, clock: jobs.clock });
  jobs.register(portfolioSnapshotJob(portfolio.deps));
  const statements = new StatementService({ ...portfolio.deps, ledger: wallet.ledger });
  jobs.register(statementJob(statements));

  // Web Push (docs/api.md, Push): every new notice reaches its member's devices, sent off the
  // request's and the engine's path by a worker of the engine node.
  const push = new PushService({
    db: database.db,
    keys: vapidKeys(config),
    subject: config.push?.subject ?? 'mailto:support@soar.local',
    allowlist: config.push?.allowlist ?? [],
    decimalsOf: (code) => settings.snapshot.currencies.find((currency) => currency.code === code)?.decimals,
    onError: (error) => app.log.warn({ err: error }, 'push'),
  });
  jobs.registerWorker(push.sender());
  const delivery = createCodeSender({ smtpUrl: config.smtpUrl, log: app.log, sms: options.smsProvider });
  app.addHook('onClose', async () => delivery.close());
  // Every mail Soar sends a member carries their anti-phishing phrase (docs/identity.md).
  const codeSender = withMailPhrase(database.db, options.codeSender ?? delivery.sender);
  // Notification mail (docs/api.md, Notifications): a worker of the engine node, off every request.
  const mailLinks = unsubscribeSecret(config);
  const notificationSettings = new NotificationSettingsService(database.db, mailLinks);
  jobs.registerWorker(
    new NotificationMailer({
      db: database.db,
      mailer: codeSender,
      origin: config.publicOrigin ?? `http://localhost:${config.port}`,
      secret: mailLinks,
      decimalsOf: (code) => settings.snapshot.currencies.find((currency) => currency.code === code)?.decimals,
      onError: (error) => app.log.warn({ err: error }, 'notification mail'),
    }).worker(),
  );
  // The engine's work (docs/scaling.md, Standby engine): on the node holding the engine lease.
  let seeded = false;
  let reports: NodeJS.Timeout | undefined;
  const engineNode = new EngineNode(
    {
      lead: async () => {
        // A vendor that refuses the keys stops the start, naming the variables (docs/market.md, Feeds).
        await engine.connect();
        if (options.market?.autoStart !== false) engine.start();
        if (engine.fed) reports = setInterval(() => realtime.publishFeeds(engine.feeds()), 1000).unref();
        // The demo's trades and portfolio stand on the simulator's prices and computed past.
        if (!seeded && !engine.fed) await seedTradeDemo(database.db, config, trade);
        // Heard before the book is read: a change committed meanwhile is in the read or heard after it.
        realtime.onBook = (change) =>
          void (
            typeof change === 'object' && change && 'alertId' in change
              ? alertEngine.heard(Number(change.alertId))
              : tradeEngine.heard(change as BookChange)
          ).catch((error: unknown) => app.log.error({ err: error }, 'book change'));
        await tradeEngine.start(options.trade?.listen !== false);
        await alertEngine.start(options.trade?.listen !== false);
        if (!seeded && !engine.fed) {
          await seedPortfolioDemo({ db: database.db, config, trade, market: engine, sides: quotedSides });
        }
        seeded = true;
        if (options.jobs?.autoStart !== false) jobs.start();
      },
      stand: async () => {
        clearInterval(reports);
        realtime.onBook = undefined;
        await jobs.stop();
        tradeEngine.stop();
        alertEngine.stop();
        await Promise.all([tradeEngine.idle(), alertEngine.idle()]);
        await engine.stop();
      },
    },
    {
      lease: engineLease,
      seconds: config.engineLeaseSeconds,
      onError: (error) => app.log.error({ err: error }, 'engine lease'),
      onRole: (role, epoch) => app.log.info({ role, epoch }, 'engine role'),
    },
  );
  if (engineOn) {
    await engineNode.start().catch(async (error: unknown) => {
      await engineNode.stop();
      await realtime.close();
      await database.close();
      throw error;
    });
  }
  app.addHook('preClose', async () => {
    await engineNode.stop();
    await realtime.close();
    await engine.stop();
  });
  const dashboard = new Dashboard(jobs.clock);
  dashboard.register(reviewQueues(database.db));
  dashboard.register(walletDashboard(database.db));
  dashboard.register(memberDashboard(database.db));
  dashboard.register(loanDashboard(database.db));
  dashboard.register(quantDashboard(database.db));
  dashboard.register({ name: 'market', collect: async () => ({ feeds: engine.feeds() }) });
  if (Object.keys(chain.watchers).length > 0) {
    dashboard.register(chainQueues(database.db));
    dashboard.register(chainDashboard(database.db));
  }
  app.decorate('dashboard', dashboard);
  const claims = new ReviewClaims(database.db, jobs.clock);
  app.decorate('claims', claims);
  const operatorAccount = new OperatorAccount(database.db, {
    requireTotp: config.requireOperatorTotp ?? false,
    issuer: () => settings.snapshot.base.productName,
  });
  const backOffice = {
    dashboard,
    settingsAdmin: new SettingsAdmin(database.db, settings),
    members: new MemberAdmin(database.db, wallet.accounts, trade),
    adjustments: new AdjustmentService(database.db, wallet.ledger),
  };
  const demoLogins = demoLoginsLine(config);
  if (demoLogins) app.log.info(demoLogins);

  await app.register(i18nPlugin);
  await app.register(errorsPlugin);
  await app.register(securityPlugin, { rateLimitMax: config.rateLimitMax });
  await app.register(openapiPlugin);
  await app.register(authPlugin);
  await app.register(websocket, { options: { maxPayload: 16 * 1024 } });

  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  const health = z.object({ status: z.string() });
  const readiness = health.extend({ feeds: z.array(feedHealth), engine: z.enum(['leader', 'standby', 'off']) });
  app.get('/healthz', { schema: { hide: true, response: { 200: health } } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true, response: { 200: readiness } } }, async (_request, reply) => {
    try {
      if (closing) throw new Error('closing');
      await ping(database.db);
      return { status: 'ready', feeds: engine.feeds(), engine: engineNode.role };
    } catch {
      return sendError(reply, new AppError('SERVICE_UNAVAILABLE'));
    }
  });

  // One instance: the web plugin's first view hears of the operators' banner changes.
  const banners = new BannerService(database.db);
  await app.register(
    async (api) => {
      await api.register(settingsRoutes, { settings });
      await api.register(memberRoutes, { db: database.db, sender: codeSender });
      await api.register(legacyRoutes, { db: database.db });
      await api.register(adminAuthRoutes, { db: database.db, account: operatorAccount });
      await api.register(adminOperatorRoutes, { account: operatorAccount, operators: new OperatorAdmin(database.db) });
      await api.register(backOfficeRoutes, { ...backOffice, mailer: codeSender });
      await api.register(claimRoutes, { claims });
      await api.register(contentRoutes, { banners, news: new NewsAdmin(database.db) });
      await api.register(uploadRoutes, {
        uploads: new UploadService(database.db, path.join(config.dataDir, 'uploads')),
      });
      await api.register(walletRoutes, { ...wallet, sender: codeSender });
      await api.register(adminWalletRoutes, {
        db: database.db,
        ...wallet,
        channels: new DepositChannelAdmin(database.db),
      });
      await api.register(marketRoutes, {
        market: new MarketService(engine),
        admin: new InstrumentAdmin(database.db, engine),
      });
      await api.register(watchlistRoutes, { watchlist: new WatchlistService(database.db, engine) });
      await api.register(newsRoutes, { news });
      await api.register(searchRoutes, { engine, news });
      await api.register(realtimeRoutes, { realtime });
      await api.register(alertRoutes, { alerts: alertService });
      await api.register(quantRoutes, { quant, admin: new QuantAdmin({ ...products, calendar }, quant) });
      await api.register(loanRoutes, { loans, admin: new LoanAdmin(products) });
      await api.register(ipoRoutes, { ipo, admin: new IpoAdmin(products, ipo) });
      await api.register(adminJobRoutes, { jobs });
      await api.register(identityRoutes, {
        kyc: new KycService(database.db, wallet.ledger),
        inbox: new InboxService(database.db, wallet.ledger),
        support: new SupportService(database.db, wallet.ledger),
      });
      await api.register(tradeRoutes, { trade });
      await api.register(blocktradeRoutes, { blocktrade, admin: new BlocktradeAdmin(blocktrade) });
      await api.register(portfolioRoutes, { portfolio });
      await api.register(statementRoutes, { statements });
      await api.register(chainRoutes, chain);
      await api.register(pushRoutes, { push });
      await api.register(notificationRoutes, { settings: notificationSettings });
    },
    { prefix: '/api/v1' },
  );
  await app.register(webPlugin, { webDist: config.webDist, adminDist: config.adminDist, banners });
  return app;
}
