// All SQL of the public site: the range of a variety (active products shown in the store), the
// interactive pictures, and the rows the contact and job-application forms write.
import { and, asc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { contactMessages, interactiveImageHotspots, interactiveImages, jobApplications, productsRead } from "../../../db/schema/index.ts";

const COLUMNS = {
  variety: productsRead.variety,
  description: productsRead.description,
  colour: productsRead.colour,
  colourHex: productsRead.colourHex,
  grade: productsRead.grade,
  stemLengthCm: productsRead.stemLengthCm,
  stemsPerBunch: productsRead.stemsPerBunch,
  unitOfMeasureQty: productsRead.unitOfMeasureQty,
};

/** The active, shown products of these varieties, as the range pages read them. */
export async function rangeRows(db: DbOrTx, varieties: string[]) {
  return db
    .select(COLUMNS)
    .from(productsRead)
    .where(and(inArray(productsRead.variety, varieties), eq(productsRead.active, true), eq(productsRead.showStore, true)));
}
export type RangeRow = Awaited<ReturnType<typeof rangeRows>>[number];

export async function imageByKey(db: DbOrTx, key: string) {
  const [image] = await db.select().from(interactiveImages).where(eq(interactiveImages.key, key));
  return image ?? null;
}

/** An image's hotspots, left to right. */
export async function hotspotsLeftToRight(db: DbOrTx, imageId: number) {
  return db
    .select()
    .from(interactiveImageHotspots)
    .where(eq(interactiveImageHotspots.imageId, imageId))
    .orderBy(asc(interactiveImageHotspots.xPct), asc(interactiveImageHotspots.id));
}

/** A contact-form message; its id makes the reference staff and sender see. */
export async function insertContactMessage(db: DbOrTx, values: typeof contactMessages.$inferInsert): Promise<number> {
  const [row] = await db.insert(contactMessages).values(values).returning({ id: contactMessages.id });
  return row!.id;
}

/** A job application for one opening. */
export async function insertJobApplication(db: DbOrTx, values: typeof jobApplications.$inferInsert): Promise<number> {
  const [row] = await db.insert(jobApplications).values(values).returning({ id: jobApplications.id });
  return row!.id;
}
