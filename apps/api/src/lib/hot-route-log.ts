import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

export type ChildLoggerFactory = NonNullable<FastifyServerOptions['childLoggerFactory']>;

type Bindings = Record<string, unknown>;
type ChildOptions = { level?: string };
type LogFn = (...args: unknown[]) => void;

const INFO = 30;
const WARN = 40;
const noop: LogFn = () => undefined;

// pino's numbers of its level names (info 30, warn 40…; silent is Infinity)
const levelValues = (logger: FastifyBaseLogger): Record<string, number> =>
  (logger as unknown as { levels?: { values?: Record<string, number> } }).levels?.values ?? {};

// The logger a request of a hot route gets when it is not sampled: nothing below warn (Fastify's "incoming request"
// and "request completed" lines, the route's info and debug), and no pino child made unless something is logged
// at warn or above: then the real child (same bindings, same level) is made and used.
function quietChild(parent: FastifyBaseLogger, bindings: Bindings, options: ChildOptions): FastifyBaseLogger {
  let real: FastifyBaseLogger | null = null;
  const materialize = () => (real ??= parent.child(bindings, options));
  const level = options.level || parent.level;
  const values = levelValues(parent);
  const threshold = Math.max(values[level] ?? WARN, WARN);
  const at = (name: 'warn' | 'error' | 'fatal'): LogFn =>
    (values[name] ?? Infinity) >= threshold ? (...args) => (materialize()[name] as LogFn)(...args) : noop;
  return {
    level,
    trace: noop,
    debug: noop,
    info: noop,
    warn: at('warn'),
    error: at('error'),
    fatal: at('fatal'),
    silent: noop,
    child: (childBindings: Bindings, childOptions?: ChildOptions) => materialize().child(childBindings, childOptions),
  } as unknown as FastifyBaseLogger;
}

const DECIDED = Symbol('sampled at the front door');
type DecidedRequest = IncomingMessage & { [DECIDED]?: boolean };

export type HotRouteLog = {
  // Fastify's childLoggerFactory for the hot routes
  childLogger: ChildLoggerFactory;
  // for a request read before Fastify (the front door): whether it is the one in N to log, decided once (a request
  // handed to Fastify afterwards keeps the decision)
  sample: (req: IncomingMessage) => boolean;
};

// Cheap logging on the hottest routes (the cached catalogue reads): one request in `sampleEvery` is logged as any
// other (a real child logger, the request lines at info); the others log only warnings and errors, and build no
// child logger unless they do. 1 logs every request as before. The front door answers the others itself, and hands
// the sampled one to Fastify, so that one in N is logged over both ways. When the app's logger (`logger`) is above
// info (LOG_LEVEL=warn, say), a sampled request would log nothing more than the others: the front door then keeps
// every one, rather than handing one in N to Fastify's slower way for nothing.
export function hotRouteLog(sampleEvery: number, logger?: FastifyBaseLogger): HotRouteLog {
  const logsRequests = () => !logger || (levelValues(logger)[logger.level] ?? INFO) <= INFO;
  let count = 0;
  const take = () => {
    count = count + 1 >= sampleEvery ? 0 : count + 1;
    return count === 0;
  };
  return {
    childLogger: function childLogger(logger, bindings, options, rawReq) {
      if (((rawReq as DecidedRequest)[DECIDED] ?? take()) === true) return logger.child(bindings, options);
      return quietChild(logger, bindings, options as ChildOptions);
    },
    sample: (req) => ((req as DecidedRequest)[DECIDED] = logsRequests() && take()),
  };
}
