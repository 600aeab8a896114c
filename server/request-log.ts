// What the log says about each request (docs/operations.md "Logs"). Fastify writes "incoming request"
// when a request reaches the app (so a request still running when the process dies is in the log) and
// "request completed" when it is answered; that second line carries the request too (method, URL, host,
// client address), so one line tells a request's whole story. The front door's answers are made
// synchronously, arrive and are answered in one go, and write only that one line (server/hot/front-door.ts,
// `requestLog`): the hot reads cost one log line each, not two.
import { LogController, type FastifyReply, type FastifyRequest } from "fastify";

export class RequestLogController extends LogController {
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, "request errored");
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, "request completed");
  }
}
