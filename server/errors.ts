/** An error whose message is safe to show to the user, with the HTTP status it maps to. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields?: Record<string, string>,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) => new HttpError(400, message, fields);
/** A 400 about an uploaded file as a whole: the message, also under the form's `file` field. */
export const fileError = (message: string) => badRequest(message, { file: message });
export const unauthorized = (message = "Please sign in.") => new HttpError(401, message);
export const forbidden = (message = "You do not have access to this.") => new HttpError(403, message);
export const notFound = (message = "Not found.") => new HttpError(404, message);
export const conflict = (message: string, data?: unknown) => new HttpError(409, message, undefined, data);
export const tooManyRequests = (message: string) => new HttpError(429, message);
