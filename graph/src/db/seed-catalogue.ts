// Realistic seed catalogue for Partshop: laptop spare parts sold in bulk to
// repair shops, a few "new arrival" products and customer reviews.
// Every `img` is a server path; the files live in graph/assets/images/.
// Plain data only: no imports.

/** A laptop model a part fits. */
export interface SeedModel {
  brand: string;
  model: string;
}

export interface SeedPart {
  name: string;
  /** The manufacturer's number as printed, and the numbers it replaces or is sold as (FRU, OEM). */
  partNumber: string;
  alternativeNumbers: string[];
  img: string;
  priceCents: number;
  available: number;
  minOrderQuantity: number;
  shortDesc: string;
  /** The laptop models it fits. */
  fits: SeedModel[];
}

const lenovo = (model: string): SeedModel => ({ brand: "Lenovo", model });
const dell = (model: string): SeedModel => ({ brand: "Dell", model });
const hp = (model: string): SeedModel => ({ brand: "HP", model });
const asus = (model: string): SeedModel => ({ brand: "ASUS", model });
const acer = (model: string): SeedModel => ({ brand: "Acer", model });
const apple = (model: string): SeedModel => ({ brand: "Apple", model });
const framework = (model: string): SeedModel => ({ brand: "Framework", model });

export interface SeedProduct {
  name: string;
  img: string;
  priceCents: number;
  availableQuantity: number;
  minQuantity: number;
  description: string;
}

export interface SeedReview {
  name: string;
  ratings: number;
  description: string;
  img: string;
}

export const seedParts: SeedPart[] = [
  {
    name: "Li-ion Battery 11.55V 57Wh, 3-cell",
    partNumber: "5B10W13930",
    alternativeNumbers: ["L18M3P74", "02DL008"],
    img: "/images/parts/battery-57wh.svg",
    priceCents: 4999,
    available: 500,
    minOrderQuantity: 10,
    shortDesc:
      "Replacement 3-cell lithium-ion battery pack with built-in protection board. Grade-A cells, rated for 500+ charge cycles.",
    fits: [
      lenovo("ThinkPad T14 Gen 1"),
      lenovo("ThinkPad T14 Gen 2"),
      lenovo("ThinkPad T14s Gen 2"),
      lenovo("ThinkPad P14s Gen 2"),
      lenovo("ThinkPad T490"),
      lenovo("ThinkPad T495"),
    ],
  },
  {
    name: 'Backlit US Keyboard for 14" Laptops',
    partNumber: "V161420AS1",
    alternativeNumbers: ["SN20W85344"],
    img: "/images/parts/keyboard-us-backlit.svg",
    priceCents: 2899,
    available: 1200,
    minOrderQuantity: 10,
    shortDesc:
      "Full-size US QWERTY layout with white LED backlight and ribbon connector. Drop-in replacement for most 14-inch chassis.",
    fits: [
      lenovo("ThinkPad E14 Gen 2"),
      lenovo("IdeaPad 5 14ALC05"),
      hp("ProBook 440 G8"),
      dell("Latitude 5420"),
      asus("VivoBook 14 X412FA"),
    ],
  },
  {
    name: '15.6" FHD IPS Panel 1920x1080, 30-pin eDP',
    partNumber: "NV156FHM-N48",
    alternativeNumbers: ["N156HCA-EAB", "5D10M42865"],
    img: "/images/parts/screen-156-fhd-ips.svg",
    priceCents: 8900,
    available: 350,
    minOrderQuantity: 5,
    shortDesc:
      "Slim matte 15.6-inch IPS display, 1920x1080 at 60 Hz, 250 nits, 45% NTSC. Bottom-right 30-pin eDP connector.",
    fits: [
      dell("Inspiron 15 3511"),
      hp("Pavilion 15-eg0000"),
      lenovo("IdeaPad 3 15ITL6"),
      asus("VivoBook 15 X512DA"),
      acer("Aspire 5 A515-56"),
    ],
  },
  {
    name: "16GB DDR4-3200 SO-DIMM Memory Module",
    partNumber: "M471A2K43DB1-CWE",
    alternativeNumbers: ["HMA82GS6DJR8N-XN"],
    img: "/images/parts/ram-ddr4-16gb.svg",
    priceCents: 3499,
    available: 2000,
    minOrderQuantity: 10,
    shortDesc:
      "260-pin DDR4 SO-DIMM, 3200 MT/s, CL22, 1.2 V. Tested for compatibility with Intel and AMD laptop platforms.",
    fits: [
      lenovo("ThinkPad T14 Gen 2"),
      lenovo("ThinkPad E14 Gen 2"),
      dell("Latitude 5420"),
      dell("XPS 15 9500"),
      hp("EliteBook 840 G8"),
      acer("Aspire 5 A515-56"),
    ],
  },
  {
    name: "32GB DDR5-5600 SO-DIMM Memory Module",
    partNumber: "M425R4GA3BB0-CWM",
    alternativeNumbers: [],
    img: "/images/parts/ram-ddr5-32gb.svg",
    priceCents: 8999,
    available: 800,
    minOrderQuantity: 5,
    shortDesc:
      "262-pin DDR5 SO-DIMM, 5600 MT/s, CL46, 1.1 V with on-module power management. For current-generation laptops.",
    fits: [
      dell("XPS 15 9530"),
      lenovo("Legion Pro 5 16IRX8"),
      asus("ROG Strix G16 G614JV"),
      hp("ZBook Fury 16 G10"),
      framework("Laptop 16"),
    ],
  },
  {
    name: "1TB NVMe M.2 2280 SSD, PCIe 4.0 x4",
    partNumber: "MZVL21T0HCLR-00B00",
    alternativeNumbers: ["0K5K5W"],
    img: "/images/parts/ssd-nvme-1tb.svg",
    priceCents: 6999,
    available: 900,
    minOrderQuantity: 5,
    shortDesc:
      "Single-sided M.2 2280 solid-state drive with up to 7,000 MB/s sequential reads. Thin enough for ultrabooks.",
    fits: [
      dell("XPS 15 9520"),
      lenovo("ThinkPad X1 Carbon Gen 10"),
      lenovo("ThinkPad T14 Gen 3"),
      hp("EliteBook 840 G9"),
      asus("ZenBook 14 UX3402ZA"),
      framework("Laptop 13"),
    ],
  },
  {
    name: "65W USB-C PD Laptop Charger",
    partNumber: "0M1WCF",
    alternativeNumbers: ["661-16808", "01FR031"],
    img: "/images/parts/charger-usbc-65w.svg",
    priceCents: 2499,
    available: 3000,
    minOrderQuantity: 20,
    shortDesc:
      "GaN wall charger with USB Power Delivery 3.0 (5-20 V) and a 1.8 m USB-C cable. Charges laptops, tablets and phones.",
    fits: [
      dell("XPS 13 9310"),
      lenovo("ThinkPad T14 Gen 2"),
      hp("Spectre x360 14"),
      apple("MacBook Air 13 (M1, 2020)"),
      asus("ZenBook 14 UX425EA"),
      framework("Laptop 13"),
    ],
  },
  {
    name: "CPU Cooling Fan with Heatsink Fin Stack, 5V 4-pin",
    partNumber: "L32656-005",
    alternativeNumbers: ["5F10S13875"],
    img: "/images/parts/cooling-fan.svg",
    priceCents: 1299,
    available: 1500,
    minOrderQuantity: 20,
    shortDesc:
      "Quiet blower-style fan with PWM control and aluminium fin stack. Fixes overheating and noisy-fan complaints.",
    fits: [dell("Inspiron 15 3511"), hp("Pavilion 15-eg0000"), lenovo("IdeaPad 5 14ALC05"), acer("Aspire 5 A515-56")],
  },
  {
    name: 'Hinge Set, Left and Right, for 15.6" Laptops',
    partNumber: "0YRDD6",
    alternativeNumbers: [],
    img: "/images/parts/hinge-set.svg",
    priceCents: 999,
    available: 2500,
    minOrderQuantity: 25,
    shortDesc: "Pair of steel display hinges with brackets, pre-tensioned for smooth opening. Screws not included.",
    fits: [dell("Inspiron 15 3511"), hp("250 G8"), lenovo("IdeaPad 3 15ITL6"), acer("Aspire 5 A515-56")],
  },
  {
    name: "Precision Touchpad Module with Flex Cable",
    partNumber: "451-BCJE",
    alternativeNumbers: ["0W8Y2C"],
    img: "/images/parts/touchpad.svg",
    priceCents: 2299,
    available: 600,
    minOrderQuantity: 10,
    shortDesc:
      "Glass-surface clickpad with Windows Precision multi-touch gestures. Ships with the matching 6-pin flex cable.",
    fits: [dell("Latitude 5420"), hp("ProBook 440 G8"), lenovo("ThinkPad E14 Gen 2")],
  },
  {
    name: "720p HD Webcam Module with Dual Microphones",
    partNumber: "0HRV2F",
    alternativeNumbers: ["L14366-001"],
    img: "/images/parts/webcam-module.svg",
    priceCents: 899,
    available: 1800,
    minOrderQuantity: 20,
    shortDesc:
      "Bezel-mount 720p camera board with activity LED and two digital microphones. Includes the display-side cable.",
    fits: [dell("Latitude 5420"), dell("Latitude 7420"), hp("EliteBook 840 G8")],
  },
  {
    name: "Wi-Fi 6E M.2 2230 Card with Bluetooth 5.3",
    partNumber: "AX211NGW",
    alternativeNumbers: ["5W10V25806"],
    img: "/images/parts/wifi-6e-card.svg",
    priceCents: 1999,
    available: 1400,
    minOrderQuantity: 10,
    shortDesc:
      "Tri-band 2x2 wireless card (2.4/5/6 GHz) up to 2.4 Gbps, with Bluetooth 5.3. A+E key, two U.FL antenna connectors.",
    fits: [
      lenovo("ThinkPad T14 Gen 2"),
      dell("XPS 15 9510"),
      hp("EliteBook 840 G8"),
      asus("ROG Zephyrus G14 GA402"),
      framework("Laptop 13"),
    ],
  },
  {
    name: "DC Power Jack with Cable Harness",
    partNumber: "799736-Y57",
    alternativeNumbers: ["0KD4T9"],
    img: "/images/parts/dc-jack.svg",
    priceCents: 399,
    available: 5000,
    minOrderQuantity: 50,
    shortDesc:
      "Replacement barrel power jack (4.5 x 3.0 mm) pre-wired to its motherboard connector. A common bulk repair part.",
    fits: [hp("250 G7"), hp("Pavilion 15-cs0000"), dell("Inspiron 15 3567"), dell("Vostro 15 3568")],
  },
  {
    name: "Thermal Paste 4g Syringe, 8.5 W/mK",
    partNumber: "ACTCP00002B",
    alternativeNumbers: [],
    img: "/images/parts/thermal-paste.svg",
    priceCents: 599,
    available: 4000,
    minOrderQuantity: 50,
    shortDesc:
      "Non-conductive, non-curing thermal compound for CPUs and GPUs. Enough for about 15 applications; spreader included.",
    fits: [
      dell("XPS 15 9500"),
      lenovo("Legion 5 15ACH6"),
      hp("OMEN 15-en0000"),
      asus("ROG Strix G15 G513QM"),
      acer("Nitro 5 AN515-57"),
    ],
  },
];

export const seedProducts: SeedProduct[] = [
  {
    name: "Partshop Pro 14",
    img: "/images/products/laptop-pro-14.svg",
    priceCents: 129900,
    availableQuantity: 40,
    minQuantity: 1,
    description:
      "14-inch aluminium laptop with a 2.8K display, 32GB DDR5 and a 1TB NVMe SSD. Every internal part is also sold separately.",
  },
  {
    name: "Partshop Air 13",
    img: "/images/products/laptop-air-13.svg",
    priceCents: 89900,
    availableQuantity: 60,
    minQuantity: 1,
    description:
      "A 1.1 kg, 13.3-inch ultralight with all-day battery life. Its battery, keyboard and SSD can be swapped with a single screwdriver.",
  },
  {
    name: "Partshop Work 15",
    img: "/images/products/laptop-work-15.svg",
    priceCents: 74900,
    availableQuantity: 120,
    minQuantity: 5,
    description:
      "Rugged 15.6-inch business laptop with a spill-resistant keyboard and two SO-DIMM slots. Sold to fleets in packs of five or more.",
  },
  {
    name: "Technician Tool Kit",
    img: "/images/products/technician-tool-kit.svg",
    priceCents: 3999,
    availableQuantity: 300,
    minQuantity: 2,
    description:
      "Everything a repair bench needs: a precision driver with 24 bits, spudger, tweezers, suction cup and opening picks in a hard case.",
  },
];

export const seedReviews: SeedReview[] = [
  {
    name: "Maria Gonzalez",
    ratings: 5,
    description:
      "We order batteries and keyboards every month for our repair shop. Stock is always there and bulk pricing beats every distributor we tried.",
    img: "/images/reviews/maria-gonzalez.svg",
  },
  {
    name: "Kenji Watanabe",
    ratings: 4,
    description:
      "The 15.6-inch IPS panels were a perfect fit and arrived well packed. Delivery took a day longer than promised.",
    img: "/images/reviews/kenji-watanabe.svg",
  },
  {
    name: "Aisha Bello",
    ratings: 5,
    description:
      "Great DDR5 modules at a fair price. Support helped me confirm compatibility before I ordered fifty of them.",
    img: "/images/reviews/aisha-bello.svg",
  },
  {
    name: "Lukas Weber",
    ratings: 3,
    description: "The hinges themselves are solid, but the minimum order of 25 is a lot for a small shop like mine.",
    img: "/images/reviews/lukas-weber.svg",
  },
  {
    name: "Priya Raman",
    ratings: 5,
    description: "Ordering is simple and the invoices are clear. The 65 W USB-C chargers have had zero returns so far.",
    img: "/images/reviews/priya-raman.svg",
  },
  {
    name: "Tom Becker",
    ratings: 4,
    description:
      "Cooling fans are quiet and fixed every overheating laptop we put them in. I would like more models in stock.",
    img: "/images/reviews/tom-becker.svg",
  },
];
