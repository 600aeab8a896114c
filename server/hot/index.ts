// The speed kit: everything that answers hot reads from memory, in one place. Modules use it through
// this file only:
//   - hotFor(db): the change feed (db/change-feed.ts) and the caches kept true by it (FeedCache),
//     the answer caches (AnswerCache: serialised and compressed answers by ETag), all closed at once;
//   - TaggedCache and Memo: values keyed by everything they depend on (never stale, only bounded);
//   - the front door (FrontDoor): hot GETs answered from memory ahead of Fastify's routing;
//   - sendJson / sendAnswer / sendNotModified: the one typed way to send bytes already made to a
//     route's response schema, so no cast is needed to get them past it.
export { hotFor, type Hot } from "./kit.ts";
export { FeedCache } from "./feed-cache.ts";
export { AnswerCache, negotiateEncoding, type AnswerEntry, type Encoding } from "./answer-cache.ts";
export { TaggedCache } from "./tagged-cache.ts";
export { Memo } from "./memo.ts";
export { FrontDoor, requestLog, type MemoryAnswer, type MemoryRead } from "./front-door.ts";
export { jsonOf, sendAnswer, sendJson, sendNotModified, type CachedAnswer, type Json } from "./reply.ts";
export { cartOwnerTopic, FEED_LATE, type ChangeFeed } from "../../db/change-feed.ts";
