// The fresh list as built for one buyer and date (service.ts), read by the mail (mail.tsx) and the CSV.

export interface FreshLine {
  productId: string;
  description: string;
  category: string;
  colour: string;
  grade: string;
  stemsPerBunch: number;
  unitOfMeasure: string;
  available: number;
  price: number;
  priceNoPail: number;
  standardPrice: number;
  discountQuantity: number;
  discountPrice: number;
  discountQuantity2: number;
  discountPrice2: number;
  special: boolean;
  isFinalProduct: boolean;
  lastChance: boolean;
  newToday: boolean;
  priceText: string;
  tiers: string;
}

export interface FreshList {
  customerId: string;
  companyName: string;
  shipDate: string | null;
  shipDateText: string;
  asOfText: string;
  lines: FreshLine[];
}
