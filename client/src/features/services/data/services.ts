import { Droplets, Flame, ScanSearch, ShowerHead, Siren, Wrench, type LucideIcon } from 'lucide-react';
import type { Urgency } from '@shared/constants';

/** One service as the public pages show it (docs/product.md#data "Service (static display content)"). */
export interface Service {
  slug: string;
  title: string;
  description: string;
  /** Starting price in whole US dollars, shown as "From $N". */
  startingPrice: number;
  features: readonly [string, string, string, string];
  urgency: Urgency;
  icon: LucideIcon;
  image: { src: string; alt: string };
}

/** Every illustration is 640 × 360 (16:9); the width and height attributes reserve the space. */
export const SERVICE_IMAGE_SIZE = { width: 640, height: 360 } as const;

/**
 * The six services of docs/product.md#data, in the product's order: the one source for the Services page and the
 * home page's price teaser. Titles, urgencies, prices and features are the product's, word for word.
 */
export const SERVICES: readonly Service[] = [
  {
    slug: 'emergency-repairs',
    title: 'Emergency Repairs',
    description:
      'Burst pipes, major leaks and sewage backups handled day or night. A licensed plumber is on the way as soon as you call.',
    startingPrice: 150,
    features: ['Available 24/7', 'Rapid response time', 'Fully equipped trucks', 'Licensed technicians'],
    urgency: 'emergency',
    icon: Siren,
    image: { src: '/images/services/emergency-repairs.svg', alt: 'A burst pipe spraying water beside a pipe wrench' },
  },
  {
    slug: 'drain-cleaning',
    title: 'Drain Cleaning',
    description:
      'Slow sinks, clogged tubs and backed-up main lines cleared for good, with the cause found on camera so it stays fixed.',
    startingPrice: 99,
    features: ['Camera inspection', 'Hydro jetting', 'Root removal', 'Preventive maintenance'],
    urgency: 'routine',
    icon: Droplets,
    image: { src: '/images/services/drain-cleaning.svg', alt: 'A drain auger clearing a clog from a sink trap' },
  },
  {
    slug: 'water-heater-service',
    title: 'Water Heater Service',
    description:
      'No hot water, strange noises or a leaking tank? We repair, flush and replace tank and tankless water heaters.',
    startingPrice: 200,
    features: ['Tank & tankless', 'Energy efficient', 'Same-day service', 'Warranty included'],
    urgency: 'routine',
    icon: Flame,
    image: { src: '/images/services/water-heater-service.svg', alt: 'A water heater with its burner lit and a temperature gauge' },
  },
  {
    slug: 'leak-detection',
    title: 'Leak Detection',
    description:
      'Hidden leaks pinpointed behind walls, under floors and below slabs — without tearing your home apart to find them.',
    startingPrice: 120,
    features: ['Non-invasive methods', 'Thermal imaging', 'Acoustic detection', 'Detailed reporting'],
    urgency: 'urgent',
    icon: ScanSearch,
    image: { src: '/images/services/leak-detection.svg', alt: 'A thermal scanner locating a leak in a pipe hidden inside a wall' },
  },
  {
    slug: 'pipe-installation',
    title: 'Pipe Installation',
    description:
      'New lines, repipes and remodel plumbing installed to code, from a single run of pipe to a whole-home replacement.',
    startingPrice: 180,
    features: ['Copper & PEX', 'Trenchless methods', 'Code compliant', 'Long-term warranty'],
    urgency: 'routine',
    icon: Wrench,
    image: { src: '/images/services/pipe-installation.svg', alt: 'Copper and PEX supply lines joined with fittings and a shut-off valve' },
  },
  {
    slug: 'fixture-replacement',
    title: 'Fixture Replacement',
    description:
      'Faucets, toilets, sinks and showers upgraded or replaced, installed cleanly and tested for leaks before we leave.',
    startingPrice: 90,
    features: ['Wide selection', 'Professional install', 'Quality brands', 'Satisfaction guaranteed'],
    urgency: 'routine',
    icon: ShowerHead,
    image: { src: '/images/services/fixture-replacement.svg', alt: 'A new kitchen faucet installed over a sink' },
  },
];

/** The lowest starting price across the services (for copy such as "from $90"). */
export const LOWEST_STARTING_PRICE = Math.min(...SERVICES.map((service) => service.startingPrice));
