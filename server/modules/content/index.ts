// The site's Markdown content (content/): pages, articles, care guides, openings.
export { CONTENT_DIR, ContentError, createContentService, type ContentDoc, type ContentService } from "./service.ts";
