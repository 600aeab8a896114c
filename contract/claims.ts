// Claims (issue 29 §1; docs/claims.md): shapes of /api/Claims/* (the buyer) and /api/OrderDesk/Claims/*
// (staff). Photos travel in the JSON body as base64, like the supply desk's CSV upload.
import { z } from "zod";
import "./common.ts";
import { INTEGER_ONLY_MESSAGE, REQUIRED_MESSAGE } from "../domain/constants.ts";
import { CustomerId, PositiveInt, UserId } from "./params.ts";

export const CLAIM_REASONS = ["damaged", "short", "wrong_item", "quality"] as const;
export const CLAIM_STATUSES = ["open", "accepted", "partly_accepted", "declined"] as const;
export const CLAIM_REASON_LABELS: Record<(typeof CLAIM_REASONS)[number], string> = {
  damaged: "Damaged",
  short: "Short (fewer than ordered)",
  wrong_item: "Wrong item",
  quality: "Quality",
};
export const CLAIM_STATUS_LABELS: Record<(typeof CLAIM_STATUSES)[number], string> = {
  open: "Open",
  accepted: "Accepted",
  partly_accepted: "Partly accepted",
  declined: "Declined",
};

/** At most this many photos a claim. */
export const CLAIM_MAX_PHOTOS = 5;
/** One photo's file, as the phone sent it (before it is resized). */
export const CLAIM_PHOTO_MAX_BYTES = 8 * 1024 * 1024;
/** All photos of one claim together. */
export const CLAIM_REQUEST_MAX_BYTES = 24 * 1024 * 1024;
/** The longest side of a stored photo, in pixels. */
export const CLAIM_PHOTO_MAX_SIDE = 1600;
export const CLAIM_NOTE_MAX = 2000;

export const CLAIM_MESSAGES = {
  photoTooLarge: `A photo is too large: at most ${CLAIM_PHOTO_MAX_BYTES / 1024 / 1024} MB each.`,
  requestTooLarge: `The photos are too large together: at most ${CLAIM_REQUEST_MAX_BYTES / 1024 / 1024} MB a claim. Send fewer or smaller photos.`,
  tooManyPhotos: `At most ${CLAIM_MAX_PHOTOS} photos a claim.`,
  notAnImage: "This file is not a photo we can read: send a JPEG, PNG or HEIC picture.",
} as const;

const Int = (min: number, max: number) =>
  z.coerce.number({ error: INTEGER_ONLY_MESSAGE }).int(INTEGER_ONLY_MESSAGE).min(min, INTEGER_ONLY_MESSAGE).max(max, `Maximum ${max}`);

/** base64 of CLAIM_PHOTO_MAX_BYTES, plus room for a data: URL prefix. */
const PHOTO_BASE64_MAX = Math.ceil(CLAIM_PHOTO_MAX_BYTES / 3) * 4 + 100;

export const ClaimPhotoUpload = z
  .object({
    name: z.string().trim().max(200, "Maximum 200 characters").default("photo"),
    /** The file's bytes, base64 (a data: URL is accepted too). */
    data: z.string().min(1, REQUIRED_MESSAGE).max(PHOTO_BASE64_MAX, CLAIM_MESSAGES.photoTooLarge),
  })
  .strict();

export const OpenClaimBody = z
  .object({
    orderNumber: Int(1, 2_147_483_647),
    lineId: Int(1, 2_147_483_647),
    reason: z.enum(CLAIM_REASONS, { error: "Choose what went wrong" }),
    quantity: Int(1, 100_000),
    note: z.string().trim().max(CLAIM_NOTE_MAX, `Maximum ${CLAIM_NOTE_MAX} characters`).default(""),
    photos: z.array(ClaimPhotoUpload).max(CLAIM_MAX_PHOTOS, CLAIM_MESSAGES.tooManyPhotos).default([]),
  })
  .strict();
export type OpenClaimBody = z.infer<typeof OpenClaimBody>;

export const BuyerClaimsParams = z.object({ userId: UserId, customerId: CustomerId });
export const BuyerClaimPhotoParams = BuyerClaimsParams.extend({ claimId: PositiveInt, photoId: PositiveInt });
export const ClaimParams = z.object({ claimId: PositiveInt });
export const ClaimPhotoParams = ClaimParams.extend({ photoId: PositiveInt });

export const DeskClaimQuery = z.object({ status: z.enum(["open", "answered", "all"]).default("open") });

/** Accept: all the claimed quantity, or (partly) fewer units. */
export const AcceptClaimBody = z.object({ quantity: Int(1, 100_000).optional() }).strict();
export type AcceptClaimBody = z.infer<typeof AcceptClaimBody>;

export const DeclineClaimBody = z
  .object({ reason: z.string().trim().min(1, "Say why the claim is declined").max(500, "Maximum 500 characters") })
  .strict();
export type DeclineClaimBody = z.infer<typeof DeclineClaimBody>;

export const Claim = z.object({
  claimId: z.number().int(),
  orderNumber: z.number().int(),
  shipDate: z.string(),
  customerId: z.string(),
  companyName: z.string(),
  retailerId: z.number().int(),
  lineId: z.number().int(),
  productId: z.string(),
  description: z.string(),
  lineQuantity: z.number().int(),
  reason: z.enum(CLAIM_REASONS),
  quantity: z.number().int(),
  note: z.string(),
  status: z.enum(CLAIM_STATUSES),
  acceptedQuantity: z.number().int().nullable(),
  declineReason: z.string().nullable(),
  creditNoteNumber: z.number().int().nullable(),
  invoiceNumber: z.number().int().nullable(),
  credited: z.number().nullable(),
  createdAt: z.string(),
  answerBy: z.string(),
  decidedAt: z.string().nullable(),
  photos: z.array(z.object({ photoId: z.number().int(), width: z.number().int(), height: z.number().int() })),
});
export type Claim = z.infer<typeof Claim>;

export const ClaimList = z.array(Claim);
export type ClaimList = z.infer<typeof ClaimList>;

/** Per line of an order: what may still be claimed and until when (the buyer's form). */
export const ClaimWindow = z.object({
  orderNumber: z.number().int(),
  open: z.boolean(),
  /** The last day claims are taken (the window's end is midnight after it, New York time). */
  closesOn: z.string(),
  message: z.string().nullable(),
  lines: z.array(z.object({ lineId: z.number().int(), description: z.string(), quantity: z.number().int(), claimable: z.number().int() })),
});
export type ClaimWindow = z.infer<typeof ClaimWindow>;
export const BuyerClaimOrderParams = BuyerClaimsParams.extend({ orderNumber: PositiveInt });
