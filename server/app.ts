import express, { type Express } from 'express';
import { apiRoutes } from '@shared/contracts';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { createPgRateLimitStore } from './db/rate-limit-store';
import { createPassport } from './auth/passport';
import { createSessions, sessionsOnDemand } from './auth/session';
import { enforceSessionLifetime } from './auth/session-lifetime';
import { serveBuiltClient, serveDevClient } from './lib/client-assets';
import { AppError } from './lib/app-error';
import { createConcurrencyGate } from './lib/concurrency-gate';
import { checkResponseContracts } from './lib/contract';
import { apiNotFound, createErrorHandler } from './lib/error-handler';
import { createJobQueue, type JobPolicy, type JobQueue, type JobQueueOptions } from './lib/job-queue';
import type { Logger } from './lib/logger';
import { logRequests } from './lib/request-log';
import { answerJsonLean } from './lib/lean-json';
import { inOneLayer } from './lib/one-layer';
import { onlyOnItsPaths } from './lib/own-paths';
import { createLocalMediaStore, type MediaStore } from './lib/media-store';
import { createOffThreadJsonParser } from './lib/off-thread-json';
import { apiHeaders, documentHeaders, requireJsonBody, requireSameOrigin } from './lib/security';
import type { ModuleDeps } from './lib/module-deps';
import { createAdminRouter } from './modules/admin/admin.routes';
import { createAuditRouter, createAuditService } from './modules/audit';
import { createPayoutsRouter, createPayoutsService } from './modules/payouts';
import { createAdminService } from './modules/admin/admin.service';
import { createPeopleRouter } from './modules/admin/people.routes';
import { createAdminRoster, createPeopleService } from './modules/admin/people.service';
import { createAccountRouter, createAuthRouter, createAuthService, createSessionCache } from './modules/auth';
import { createBookingService, createServiceRequestQueue } from './modules/booking';
import { createBookingRouter } from './modules/booking/booking.routes';
import { createServiceRequestQueueRouter } from './modules/booking/request-queue.routes';
import {
  createDailyCallBudget,
  createDiagnosisRouter,
  createDiagnosisService,
  createMediaRouter,
  createPhotoDecoder,
  createPhotoUploads,
  IMAGE_DECODE_BUSY_MESSAGE,
  selectDiagnosisEngine,
  warmUpJsonBodies,
} from './modules/diagnosis';
import { createEventsRouter, createLiveEvents, type LiveEventsService } from './modules/events';
import { createHealthRouter } from './modules/health/health.routes';
import {
  createChangeOrdersService,
  createJobPhotosService,
  createJobRoomService,
  createJobsService,
  createReceipts,
} from './modules/jobs';
import { createJobPhotosRouter } from './modules/jobs/job-photos.routes';
import { createJobsRouter } from './modules/jobs/jobs.routes';
import { createDevMailbox, createMailService, type MailService } from './modules/mail';
import { createDevMailboxPageRouter, createDevMailboxRouter } from './modules/mail/mail.routes';
import { createDatabaseMediaStore } from './modules/media';
import { createMessagesRouter, createMessagesService } from './modules/messages';
import { createNotificationsRouter, createNotificationsService } from './modules/notifications';
import { createPlumberCache, createPlumbersService } from './modules/plumbers';
import { createPlumberReviewRouter, createPlumbersRouter } from './modules/plumbers/plumbers.routes';
import {
  createAdminPricingRouter,
  createAdminPricingService,
  createPricingRouter,
  createPricingService,
  createRegionTimeZones,
} from './modules/pricing';
import { createQuotesService } from './modules/quotes';
import { createJobReportsRouter, createReportQueueRouter, createReportsService } from './modules/reports';
import { createAppointmentsService } from './modules/appointments';
import {
  createAppointmentCalendarRouter,
  createAppointmentCalendarService,
  createAppointmentReminders,
} from './modules/appointments/calendar.index';
import {
  createAppointmentsRouter,
  createJobAppointmentRouter,
} from './modules/appointments/appointments.routes';
import { createQuotesRouter } from './modules/quotes/quotes.routes';
import { createSiteRouter } from './modules/site/site.routes';

export interface CreateAppOptions {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  sessionSecret: string;
  /** How the SPA is served: built files, Vite middleware, or not at all (API tests). */
  client: 'static' | 'vite' | 'none';
  isReady?: () => boolean;
  /** True from SIGTERM until the listener closes: /readyz answers 503, the API keeps answering. */
  isDraining?: () => boolean;
  /** Whether this process works on queued jobs (mail, reset requests) and how often it looks; tests turn it off. */
  jobQueue?: Partial<JobQueueOptions>;
  /** Replaces parts of the mail queue's policy; tests shorten its retries. */
  mailPolicy?: Partial<JobPolicy>;
}

export interface App {
  app: Express;
  /** Releases what the app itself opened (the Vite dev server, the photo body thread and decoder process). */
  close(): Promise<void>;
  /** The media store the app serves photos from (the retention sweep removes from it too). */
  media: MediaStore;
  /** The job queue (mail, reset requests): started after the migrations, stopped before the pool closes. */
  jobQueue: JobQueue;
  /** Queues mail; tests send through it. */
  mail: MailService;
  /** Live events (GET /api/events): started after the migrations, stopped before the listener and the pool close. */
  liveEvents: LiveEventsService;
  /**
   * The caches' listeners for other instances' changes (pricing edits, sessions and accounts):
   * started after the migrations and stopped before the pool closes, with live events.
   */
  caches: { startListening(): Promise<void>; stopListening(): Promise<void> };
  /**
   * Builds what a diagnosis would otherwise build on first use (the pricing cache's first load, the
   * JSON parser's charset tables): awaited before ready.
   */
  warmUp(): Promise<void>;
}

/**
 * The composition root: every service, built once per app (one pricing service, so one
 * reference-data cache per process). Modules reach each other only through these services,
 * which receive the ones they use here; routers get them ready-made.
 */
function createServices(
  {
    config,
    database,
    logger,
    jobQueue: jobQueueOptions,
    mailPolicy,
  }: Pick<CreateAppOptions, 'config' | 'database' | 'logger' | 'jobQueue' | 'mailPolicy'>,
  { rateLimitStore, media }: { rateLimitStore: ModuleDeps['rateLimitStore']; media: MediaStore },
) {
  const db = database.db;
  // One listener and one set of open event streams per process (docs/decisions/027-live-events.md).
  const liveEvents = createLiveEvents({ database, logger, config });
  // Before the services that define queues on it (mail, auth).
  const jobQueue = createJobQueue({ pool: database.pool, logger, options: jobQueueOptions });
  const mail = createMailService({ db, jobQueue, config, logger, policy: mailPolicy });
  // Every admin write records itself here, in its own transaction (docs/decisions/031-admin-operations.md).
  const audit = createAuditService({ db, timeZone: config.appTimeZone });
  // Every instance drops its cache when an admin's pricing edit commits (pricing_changed).
  const pricing = createPricingService(db, { listen: database.listen });
  // Every instance drops a kept session when its row or its account changes (session_changed, ADR 042).
  const sessionCache = createSessionCache({ ttlMs: config.sessionCacheTtlMs, listen: database.listen });
  // And the plumber's own row that a plumber's pages read beside it (plumber_changed, ADR 043).
  const plumberCache = createPlumberCache({ ttlMs: config.sessionCacheTtlMs, listen: database.listen });
  // The clock of a job's or a plumber's region (docs/decisions/018-time-zone.md).
  const zones = createRegionTimeZones({ appTimeZone: config.appTimeZone });
  const plumbers = createPlumbersService({
    db,
    timeZone: config.appTimeZone,
    zones,
    mail,
    publicUrl: config.publicUrl,
    audit,
    cache: plumberCache,
  });
  const notifications = createNotificationsService({ db, mail, liveEvents, publicUrl: config.publicUrl });
  const receipts = createReceipts({ mail, publicUrl: config.publicUrl });
  const jobs = createJobsService({
    db,
    platformFeePercent: config.platformFeePercent,
    plumbers,
    notifications,
    receipts,
    zones,
  });
  // Before jobQueue.start(): the reminders define their queue (docs/decisions/030-calendar-files-and-reminders.md).
  const appointmentReminders = createAppointmentReminders({ db, jobQueue, mail, config, logger });
  const appointmentCalendar = createAppointmentCalendarService({
    db,
    mail,
    reminders: appointmentReminders,
    config,
  });
  const appointments = createAppointmentsService({
    calendar: appointmentCalendar,
    db,
    plumbers,
    jobs,
    notifications,
  });
  const quotes = createQuotesService({ db, jobs, plumbers, notifications, appointments });
  // Photos are decoded one at a time per process; the queue behind is bounded (see the diagnosis router).
  const decodeGate = createConcurrencyGate({
    concurrency: 1,
    maxQueued: config.imageDecode.maxQueued,
    maxWaitMs: config.imageDecode.maxWaitMs,
    busyMessage: IMAGE_DECODE_BUSY_MESSAGE,
  });
  const callBudget = createDailyCallBudget({
    limit: config.openai.dailyCallBudget,
    store: rateLimitStore('openai-calls:'),
  });
  // Photo bodies are parsed on a thread, and photos decoded in a process, of lower priority
  // (docs/decisions/040-photo-bodies-off-the-event-loop.md, 041-photo-decoder-process.md).
  const photoBodyParser = createOffThreadJsonParser({ nice: config.imageDecode.nice });
  const photoDecoder = createPhotoDecoder({ nice: config.imageDecode.nice });
  const diagnosis = createDiagnosisService({
    db,
    engine: selectDiagnosisEngine(config.openai, logger, callBudget),
    pricing,
    media,
    photos: { decoder: photoDecoder, runDecoding: (task) => decodeGate.run(task) },
  });
  const booking = createBookingService({
    db,
    jobs,
    diagnosis,
    timeZone: config.appTimeZone,
    dailyCap: config.bookingDailyCap,
    supportPhone: config.support.phone,
    mail,
    publicUrl: config.publicUrl,
  });
  const auth = createAuthService({
    db,
    bcryptCost: config.bcryptCost,
    passwordChecks: config.passwordChecks,
    plumbers,
    booking,
    mail,
    jobQueue,
    publicUrl: config.publicUrl,
    // The last active admin cannot delete their account: the People tab's rule, under its lock.
    adminRoster: createAdminRoster(),
    sessionCache,
  });
  // The People tab: suspensions end sessions through auth; a new plumber gets a profile through plumbers.
  const people = createPeopleService({ db, auth, plumbers, audit });
  return {
    admin: createAdminService(db, { timeZone: config.appTimeZone }),
    // The payouts ledger (Payouts tab): marking one paid records itself in the audit log and tells the plumber.
    payouts: createPayoutsService({ db, audit, notifications, timeZone: config.appTimeZone }),
    people,
    audit,
    appointments,
    appointmentCalendar,
    auth,
    booking,
    // The Queues tab (docs/decisions/031-admin-operations.md): bookings to handle, problem reports to answer.
    serviceRequestQueue: createServiceRequestQueue({ db, jobs, mail, audit, publicUrl: config.publicUrl }),
    reports: createReportsService({ db, jobs, plumbers, notifications, audit }),
    changeOrders: createChangeOrdersService({ db, plumbers, notifications }),
    diagnosis,
    photoBodyParser,
    photoDecoder,
    devMailbox: createDevMailbox({ db }),
    jobQueue,
    jobs,
    jobPhotos: createJobPhotosService({ db, diagnosis, plumbers, notifications }),
    liveEvents,
    mail,
    plumbers,
    pricing,
    sessionCache,
    plumberCache,
    adminPricing: createAdminPricingService({ db, audit, pricing }),
    jobRoom: createJobRoomService({ db, plumbers, quotes, receipts }),
    messages: createMessagesService({ db, jobs, plumbers, notifications }),
    notifications,
    quotes,
  };
}

/** Builds the Express app without listening, so tests can drive it with supertest. */
export async function createApp(options: CreateAppOptions): Promise<App> {
  const { config, database, logger } = options;
  const app = express();
  app.disable('x-powered-by');
  // res.json's ETag is a SHA-1 of every body; API answers are `Cache-Control: no-store`, so nothing
  // revalidates with it. Static files keep theirs (express.static and sendFile set their own).
  app.set('etag', false);
  app.set('trust proxy', config.trustProxy);
  app.set('query parser', 'simple');
  answerJsonLean(app);

  const isReady = options.isReady ?? (() => true);
  app.use(
    inOneLayer([
      // One line per request: method, URL and status only — headers carry cookies, bodies carry contact details.
      logRequests(logger),
      onlyOnItsPaths(
        createHealthRouter({ pool: database.pool, isReady, isDraining: options.isDraining ?? (() => false) }),
      ),
    ]),
  );

  const rateLimitStore = (prefix: string) => createPgRateLimitStore(database.db, prefix);
  // On PostgreSQL every instance must serve every photo, so photos live in the database; the
  // embedded database is one process, and a folder keeps the photos out of its single session.
  const media: MediaStore =
    database.kind === 'postgres'
      ? createDatabaseMediaStore(database.db)
      : createLocalMediaStore({ dir: config.mediaDir });
  const services = createServices(options, { rateLimitStore, media });
  const deps: ModuleDeps = { config, rateLimitStore };
  const passport = createPassport(services.auth);

  const devServer = options.client === 'vite';
  const sessions = createSessions({
    pool: database.pool,
    secret: options.sessionSecret,
    maxAgeMs: config.sessionMaxAgeMs,
    hostCookieOverHttps: config.isProduction,
    readSession: (sid) => services.auth.readSession(sid),
    forgetSession: (sid) => services.auth.forgetSession(sid),
  });
  const api = express.Router();
  // What every API request passes, as one layer (ADR 045).
  api.use(
    inOneLayer([
      apiHeaders({ devServer }),
      // The server listens before migrations finish (so /healthz answers); the API waits for them.
      (_req, _res, next) =>
        next(
          isReady()
            ? undefined
            : new AppError('SERVICE_UNAVAILABLE', 'Plumbline is starting up. Please try again in a moment.'),
        ),
      requireSameOrigin,
      requireJsonBody,
      // Tests (and the e2e server) prove every answer matches its route's contract; production trusts them.
      ...(config.env === 'test' ? [checkResponseContracts(apiRoutes, logger)] : []),
      // Only requests with the session cookie, and login, register and logout (which open or end one,
      // cookie or not), reach the session store; the rest are logged out at no cost (ADR 038).
      sessionsOnDemand(
        sessions,
        [
          passport.session(),
          enforceSessionLifetime({
            idleTimeoutMs: config.sessionIdleTimeoutMs,
            absoluteTimeoutMs: config.sessionMaxAgeMs,
          }),
        ],
        ['/auth/login', '/auth/register', '/auth/logout'],
      ),
    ]),
  );
  // Photos make diagnosis bodies and a job's photos large: their routers parse their own bodies, before
  // the 100 kB default, behind one admission (they share the decode gate).
  const photoUploads = createPhotoUploads(config, services.photoBodyParser);
  api.use('/diagnose', createDiagnosisRouter({ ...deps, diagnosis: services.diagnosis, photoUploads }));
  api.use('/jobs', createJobPhotosRouter({ ...deps, jobPhotos: services.jobPhotos, photoUploads }));
  api.use(express.json({ limit: '100kb', strict: true }));
  api.use('/auth', createAuthRouter({ ...deps, auth: services.auth, passport, sessions }));
  api.use(onlyOnItsPaths(createNotificationsRouter(services)));
  api.use('/account', createAccountRouter({ ...deps, auth: services.auth, passport, sessions }));
  api.use('/config', createSiteRouter(config.support, config.appTimeZone));
  api.use(onlyOnItsPaths(createAdminRouter(services)));
  api.use(onlyOnItsPaths(createPayoutsRouter(services)));
  api.use('/admin/audit', createAuditRouter(services));
  api.use('/admin/users', createPeopleRouter({ ...deps, people: services.people }));
  api.use('/admin/plumbers', createPlumberReviewRouter(services));
  api.use('/admin/pricing', createAdminPricingRouter(services));
  api.use('/pricing', createPricingRouter(services));
  api.use(onlyOnItsPaths(createBookingRouter({ ...deps, booking: services.booking })));
  api.use('/admin/service-requests', createServiceRequestQueueRouter(services));
  api.use('/admin/reports', createReportQueueRouter(services));
  api.use('/jobs', createJobReportsRouter(services));
  api.use('/jobs', createMessagesRouter({ ...deps, messages: services.messages }));
  api.use('/jobs', createJobAppointmentRouter(services));
  api.use('/jobs', createAppointmentCalendarRouter({ calendar: services.appointmentCalendar }));
  api.use('/jobs', createJobsRouter(services));
  api.use('/quotes', createQuotesRouter(services));
  // The plumber's hours and calendar (/api/plumbers/me/availability, /api/plumbers/me/appointments).
  api.use('/plumbers/me', createAppointmentsRouter(services));
  api.use('/plumbers', createPlumbersRouter(services));
  api.use('/events', createEventsRouter({ liveEvents: services.liveEvents, passport, config, logger }));
  if (config.mail.devMailbox) api.use('/dev', createDevMailboxRouter(services));
  api.use(apiNotFound);
  app.use('/api', api);
  // Everything else is a page or a file of one; /api never reaches here (apiNotFound answers).
  app.use(documentHeaders({ devServer }));
  // Cleaned diagnosis photos; before the SPA's catch-all so /media never answers index.html.
  app.use('/media', createMediaRouter({ media }));
  if (config.mail.devMailbox) app.use('/dev', createDevMailboxPageRouter(services));

  let closeClient = async () => {};
  if (options.client === 'static') serveBuiltClient(app);
  if (devServer) closeClient = await serveDevClient(app);

  app.use(createErrorHandler(logger));
  return {
    app,
    close: async () => {
      await Promise.all([closeClient(), services.photoBodyParser.close(), services.photoDecoder.close()]);
    },
    media,
    jobQueue: services.jobQueue,
    mail: services.mail,
    liveEvents: services.liveEvents,
    caches: {
      async startListening() {
        await services.pricing.startListening();
        await services.sessionCache.startListening();
        await services.plumberCache.startListening();
      },
      async stopListening() {
        await services.plumberCache.stopListening();
        await services.sessionCache.stopListening();
        await services.pricing.stopListening();
      },
    },
    warmUp: async () => {
      await Promise.all([services.diagnosis.warmUp(), warmUpJsonBodies()]);
    },
  };
}
