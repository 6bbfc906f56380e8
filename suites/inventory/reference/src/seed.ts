/** The seed data of the stock book: suppliers, items and the earlier movements. */

export type SupplierKey = 'alder' | 'brookfield' | 'cobalt' | 'dunmore';

export const SUPPLIERS: readonly { key: SupplierKey; name: string }[] = [
  { key: 'alder', name: 'Alder Fasteners' },
  { key: 'brookfield', name: 'Brookfield Packaging' },
  { key: 'cobalt', name: 'Cobalt Tool Co.' },
  { key: 'dunmore', name: 'Dunmore Safety' },
];

export interface Item {
  sku: string;
  name: string;
  supplier: SupplierKey;
  onHand: number;
  reorderPoint: number;
  /** The moving average cost of one unit, in whole cents. */
  avgCostCents: number;
}

export const SEED_ITEMS: readonly Item[] = [
  { sku: 'FST-101', name: 'Hex Bolt M6', supplier: 'alder', onHand: 420, reorderPoint: 100, avgCostCents: 12 },
  { sku: 'FST-102', name: 'Hex Bolt M8', supplier: 'alder', onHand: 310, reorderPoint: 100, avgCostCents: 18 },
  { sku: 'FST-103', name: 'Hex Nut M6', supplier: 'alder', onHand: 95, reorderPoint: 100, avgCostCents: 4 },
  { sku: 'FST-104', name: 'Hex Nut M8', supplier: 'alder', onHand: 260, reorderPoint: 100, avgCostCents: 6 },
  { sku: 'FST-105', name: 'Flat Washer M6', supplier: 'alder', onHand: 800, reorderPoint: 200, avgCostCents: 2 },
  { sku: 'FST-106', name: 'Flat Washer M8', supplier: 'alder', onHand: 640, reorderPoint: 200, avgCostCents: 3 },
  { sku: 'FST-107', name: 'Wood Screw 40 mm', supplier: 'alder', onHand: 1200, reorderPoint: 300, avgCostCents: 5 },
  { sku: 'FST-108', name: 'Drywall Screw 32 mm', supplier: 'alder', onHand: 150, reorderPoint: 300, avgCostCents: 3 },
  { sku: 'FST-109', name: 'Wall Anchor 8 mm', supplier: 'alder', onHand: 300, reorderPoint: 150, avgCostCents: 9 },
  { sku: 'FST-110', name: 'Threaded Rod M8', supplier: 'alder', onHand: 24, reorderPoint: 20, avgCostCents: 235 },
  { sku: 'FST-111', name: 'Spring Washer M8', supplier: 'alder', onHand: 200, reorderPoint: 200, avgCostCents: 4 },
  { sku: 'PKG-201', name: 'Shipping Box Small', supplier: 'brookfield', onHand: 180, reorderPoint: 50, avgCostCents: 65 },
  { sku: 'PKG-202', name: 'Shipping Box Medium', supplier: 'brookfield', onHand: 45, reorderPoint: 50, avgCostCents: 95 },
  { sku: 'PKG-203', name: 'Shipping Box Large', supplier: 'brookfield', onHand: 60, reorderPoint: 40, avgCostCents: 140 },
  { sku: 'PKG-204', name: 'Bubble Wrap Roll', supplier: 'brookfield', onHand: 12, reorderPoint: 6, avgCostCents: 1850 },
  { sku: 'PKG-205', name: 'Packing Tape Clear', supplier: 'brookfield', onHand: 36, reorderPoint: 24, avgCostCents: 210 },
  { sku: 'PKG-206', name: 'Packing Tape Brown', supplier: 'brookfield', onHand: 8, reorderPoint: 24, avgCostCents: 205 },
  { sku: 'PKG-207', name: 'Stretch Film Roll', supplier: 'brookfield', onHand: 15, reorderPoint: 10, avgCostCents: 1275 },
  { sku: 'PKG-208', name: 'Void Fill Paper', supplier: 'brookfield', onHand: 22, reorderPoint: 10, avgCostCents: 780 },
  { sku: 'PKG-209', name: 'Mailing Bag A4', supplier: 'brookfield', onHand: 500, reorderPoint: 200, avgCostCents: 22 },
  { sku: 'PKG-210', name: 'Label Roll 100 mm', supplier: 'brookfield', onHand: 30, reorderPoint: 12, avgCostCents: 640 },
  { sku: 'TLS-301', name: 'Claw Hammer', supplier: 'cobalt', onHand: 14, reorderPoint: 5, avgCostCents: 1120 },
  { sku: 'TLS-302', name: 'Tape Measure 5 m', supplier: 'cobalt', onHand: 25, reorderPoint: 10, avgCostCents: 485 },
  { sku: 'TLS-303', name: 'Utility Knife', supplier: 'cobalt', onHand: 40, reorderPoint: 15, avgCostCents: 310 },
  { sku: 'TLS-304', name: 'Snap Blades Pack', supplier: 'cobalt', onHand: 6, reorderPoint: 15, avgCostCents: 245 },
  { sku: 'TLS-305', name: 'Screwdriver Set', supplier: 'cobalt', onHand: 9, reorderPoint: 4, avgCostCents: 1690 },
  { sku: 'TLS-306', name: 'Adjustable Wrench', supplier: 'cobalt', onHand: 11, reorderPoint: 4, avgCostCents: 975 },
  { sku: 'TLS-307', name: 'Spirit Level 60 cm', supplier: 'cobalt', onHand: 7, reorderPoint: 3, avgCostCents: 1430 },
  { sku: 'TLS-308', name: 'Cordless Drill', supplier: 'cobalt', onHand: 3, reorderPoint: 2, avgCostCents: 8900 },
  { sku: 'TLS-309', name: 'Drill Bit Set', supplier: 'cobalt', onHand: 4, reorderPoint: 4, avgCostCents: 2460 },
  { sku: 'TLS-310', name: 'Hacksaw', supplier: 'cobalt', onHand: 10, reorderPoint: 3, avgCostCents: 840 },
  { sku: 'TLS-311', name: 'Combination Pliers', supplier: 'cobalt', onHand: 13, reorderPoint: 5, avgCostCents: 725 },
  { sku: 'SAF-401', name: 'Safety Glasses', supplier: 'dunmore', onHand: 48, reorderPoint: 20, avgCostCents: 290 },
  { sku: 'SAF-402', name: 'Work Gloves L', supplier: 'dunmore', onHand: 36, reorderPoint: 24, avgCostCents: 415 },
  { sku: 'SAF-403', name: 'Work Gloves M', supplier: 'dunmore', onHand: 18, reorderPoint: 24, avgCostCents: 415 },
  { sku: 'SAF-404', name: 'Ear Plugs Box', supplier: 'dunmore', onHand: 9, reorderPoint: 5, avgCostCents: 1360 },
  { sku: 'SAF-405', name: 'Dust Mask Pack', supplier: 'dunmore', onHand: 20, reorderPoint: 10, avgCostCents: 680 },
  { sku: 'SAF-406', name: 'Hi-Vis Vest', supplier: 'dunmore', onHand: 16, reorderPoint: 8, avgCostCents: 550 },
  { sku: 'SAF-407', name: 'Hard Hat', supplier: 'dunmore', onHand: 12, reorderPoint: 6, avgCostCents: 990 },
  { sku: 'SAF-408', name: 'First Aid Kit', supplier: 'dunmore', onHand: 2, reorderPoint: 3, avgCostCents: 2745 },
  { sku: 'SAF-409', name: 'Safety Boots 43', supplier: 'dunmore', onHand: 5, reorderPoint: 2, avgCostCents: 4800 },
  { sku: 'SAF-410', name: 'Fire Blanket', supplier: 'dunmore', onHand: 0, reorderPoint: 1, avgCostCents: 1995 },
];

export type Reason = 'damaged' | 'lost' | 'found' | 'count';

export type MovementKind = 'received' | Reason;

export interface Movement {
  number: number;
  /** The time stamp as shown, such as `Mar 11, 2026 16:55`. */
  time: string;
  sku: string;
  kind: MovementKind;
  /** The signed change of the units on hand. */
  change: number;
  /** The unit cost of a receipt, in cents. */
  unitCostCents?: number;
  onHandAfter: number;
}

export const SEED_MOVEMENTS: readonly Movement[] = [
  { number: 1, time: 'Mar 10, 2026 08:30', sku: 'TLS-308', kind: 'received', change: 2, unitCostCents: 8900, onHandAfter: 4 },
  { number: 2, time: 'Mar 10, 2026 14:15', sku: 'PKG-206', kind: 'damaged', change: -4, onHandAfter: 8 },
  { number: 3, time: 'Mar 11, 2026 10:05', sku: 'TLS-308', kind: 'lost', change: -1, onHandAfter: 3 },
  { number: 4, time: 'Mar 11, 2026 11:40', sku: 'FST-101', kind: 'received', change: 200, unitCostCents: 12, onHandAfter: 420 },
  { number: 5, time: 'Mar 11, 2026 15:20', sku: 'SAF-403', kind: 'count', change: -2, onHandAfter: 18 },
  { number: 6, time: 'Mar 11, 2026 16:55', sku: 'SAF-410', kind: 'damaged', change: -1, onHandAfter: 0 },
];
