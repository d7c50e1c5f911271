import type { NewPricingCatalogItem } from '@shared/schema';

type CatalogSeed = Pick<
  NewPricingCatalogItem,
  'issueSlug' | 'issueName' | 'baseMin' | 'baseMax' | 'unit' | 'category' | 'notes'
>;

/**
 * The pricing catalogue: national base price ranges (2025 US averages for labour and typical parts,
 * before regional indices and modifiers). The six services of the services page start at their
 * advertised "From $N" prices. Units: 'job' unless the trade prices it by the hour or the foot.
 */
export const CATALOG_ITEMS: readonly CatalogSeed[] = [
  // The six advertised services (baseMin = the "From $N" price of docs/product.md#data).
  {
    issueSlug: 'emergency-repair',
    issueName: 'Emergency Plumbing Repair',
    baseMin: '150.00',
    baseMax: '650.00',
    unit: 'job',
    category: 'Emergency',
    notes:
      'Rapid dispatch 24/7 for active leaks, floods and no-water situations; the urgency modifier covers after-hours rates.',
  },
  {
    issueSlug: 'drain-cleaning',
    issueName: 'Drain Cleaning',
    baseMin: '99.00',
    baseMax: '350.00',
    unit: 'job',
    category: 'Drains',
    notes:
      'Snaking a sink, tub or floor drain; hydro jetting and camera inspection toward the top of the range.',
  },
  {
    issueSlug: 'water-heater-service',
    issueName: 'Water Heater Service',
    baseMin: '200.00',
    baseMax: '600.00',
    unit: 'job',
    category: 'Water Heaters',
    notes: 'Flush, anode rod, thermostat, element or gas valve service on tank and tankless units.',
  },
  {
    issueSlug: 'leak-detection',
    issueName: 'Leak Detection',
    baseMin: '120.00',
    baseMax: '450.00',
    unit: 'job',
    category: 'Leaks',
    notes:
      'Non-invasive acoustic and thermal-imaging leak location with a written report; repair priced separately.',
  },
  {
    issueSlug: 'pipe-installation',
    issueName: 'Pipe Installation',
    baseMin: '180.00',
    baseMax: '1500.00',
    unit: 'job',
    category: 'Pipes',
    notes:
      'New copper or PEX supply runs and drain lines for a fixture or appliance; code-compliant with permit where required.',
  },
  {
    issueSlug: 'fixture-replacement',
    issueName: 'Fixture Replacement',
    baseMin: '90.00',
    baseMax: '450.00',
    unit: 'job',
    category: 'Fixtures',
    notes: 'Swap of a sink, faucet, shower head or similar fixture supplied by the homeowner; parts extra.',
  },
  // The other booking service types.
  {
    issueSlug: 'toilet-repair',
    issueName: 'Toilet Repair',
    baseMin: '110.00',
    baseMax: '350.00',
    unit: 'job',
    category: 'Toilets',
    notes: 'Fill valve, flapper, flush handle, wax ring or supply line repair.',
  },
  {
    issueSlug: 'faucet-installation',
    issueName: 'Faucet Installation',
    baseMin: '150.00',
    baseMax: '400.00',
    unit: 'job',
    category: 'Installation',
    notes:
      'Install a kitchen or bathroom faucet including new supply lines; faucet supplied by the homeowner.',
  },
  {
    issueSlug: 'water-line-repair',
    issueName: 'Water Line Repair',
    baseMin: '400.00',
    baseMax: '2500.00',
    unit: 'job',
    category: 'Pipes',
    notes:
      'Repair of the main water service line between the meter and the house; excavation drives the upper range.',
  },
  {
    issueSlug: 'sewer-line-service',
    issueName: 'Sewer Line Service',
    baseMin: '250.00',
    baseMax: '3500.00',
    unit: 'job',
    category: 'Sewer',
    notes: 'Main sewer line clearing, root cutting and spot repair; full replacement is priced per foot.',
  },
  {
    issueSlug: 'general-plumbing',
    issueName: 'General Plumbing Service',
    baseMin: '95.00',
    baseMax: '185.00',
    unit: 'hour',
    category: 'Repairs',
    notes: 'Hourly rate for work that fits no other item; most small repairs take one to two hours.',
  },
  // Common diagnosis outcomes.
  {
    issueSlug: 'leaky-faucet',
    issueName: 'Leaky Faucet Repair',
    baseMin: '100.00',
    baseMax: '300.00',
    unit: 'job',
    category: 'Fixtures',
    notes: 'Cartridge, washer or O-ring replacement on a dripping faucet.',
  },
  {
    issueSlug: 'clogged-drain',
    issueName: 'Clogged Drain',
    baseMin: '100.00',
    baseMax: '300.00',
    unit: 'job',
    category: 'Drains',
    notes: 'Clearing a slow or blocked sink, tub or shower drain with a hand or machine auger.',
  },
  {
    issueSlug: 'clogged-toilet',
    issueName: 'Clogged Toilet',
    baseMin: '100.00',
    baseMax: '275.00',
    unit: 'job',
    category: 'Toilets',
    notes: 'Closet auger; pulling the toilet for a deep blockage toward the top of the range.',
  },
  {
    issueSlug: 'running-toilet',
    issueName: 'Running Toilet Repair',
    baseMin: '90.00',
    baseMax: '250.00',
    unit: 'job',
    category: 'Toilets',
    notes: 'Flapper, fill valve or flush valve replacement for a toilet that keeps refilling.',
  },
  {
    issueSlug: 'low-water-pressure',
    issueName: 'Low Water Pressure',
    baseMin: '150.00',
    baseMax: '650.00',
    unit: 'job',
    category: 'Repairs',
    notes:
      'Diagnosis and fix: aerators, pressure-reducing valve replacement, partially closed or failing valves.',
  },
  {
    issueSlug: 'burst-pipe',
    issueName: 'Burst Pipe Repair',
    baseMin: '300.00',
    baseMax: '1500.00',
    unit: 'job',
    category: 'Emergency',
    notes: 'Section replacement of a split or burst supply pipe; opening and patching walls not included.',
  },
  {
    issueSlug: 'water-heater-no-hot-water',
    issueName: 'No Hot Water (Water Heater Repair)',
    baseMin: '150.00',
    baseMax: '650.00',
    unit: 'job',
    category: 'Water Heaters',
    notes: 'Pilot, thermocouple, igniter, gas valve, element or thermostat repair.',
  },
  {
    issueSlug: 'water-heater-leak',
    issueName: 'Leaking Water Heater',
    baseMin: '175.00',
    baseMax: '2400.00',
    unit: 'job',
    category: 'Water Heaters',
    notes: 'Valve or fitting repair at the low end; a leaking tank means replacement at the high end.',
  },
  {
    issueSlug: 'water-heater-replacement',
    issueName: 'Water Heater Replacement',
    baseMin: '1300.00',
    baseMax: '3500.00',
    unit: 'job',
    category: 'Installation',
    notes: '40–50 gallon tank, gas or electric, installed with haul-away, expansion tank and permit.',
  },
  {
    issueSlug: 'tankless-water-heater-repair',
    issueName: 'Tankless Water Heater Repair',
    baseMin: '200.00',
    baseMax: '1000.00',
    unit: 'job',
    category: 'Water Heaters',
    notes: 'Descaling, flame sensor, flow sensor or control board repair.',
  },
  {
    issueSlug: 'garbage-disposal-repair',
    issueName: 'Garbage Disposal Repair',
    baseMin: '125.00',
    baseMax: '450.00',
    unit: 'job',
    category: 'Fixtures',
    notes:
      'Unjamming, reset or leak repair; replacement with a mid-range 1/2 hp unit at the top of the range.',
  },
  {
    issueSlug: 'sump-pump-repair',
    issueName: 'Sump Pump Repair',
    baseMin: '150.00',
    baseMax: '600.00',
    unit: 'job',
    category: 'Repairs',
    notes: 'Float switch, check valve or pump replacement.',
  },
  {
    issueSlug: 'sewer-backup',
    issueName: 'Sewer Backup',
    baseMin: '250.00',
    baseMax: '1200.00',
    unit: 'job',
    category: 'Sewer',
    notes:
      'Clearing a main line blockage through the cleanout, with camera inspection; cleanup not included.',
  },
  {
    issueSlug: 'sewer-line-replacement',
    issueName: 'Sewer Line Replacement',
    baseMin: '60.00',
    baseMax: '250.00',
    unit: 'linear_ft',
    category: 'Sewer',
    notes: 'Trenchless (pipe bursting or lining) or open-trench replacement; typical runs are 30–100 ft.',
  },
  {
    issueSlug: 'gas-line-leak',
    issueName: 'Gas Line Leak Repair',
    baseMin: '250.00',
    baseMax: '1000.00',
    unit: 'job',
    category: 'Gas',
    notes:
      'Locate and repair a leaking gas line or fitting, pressure test and permit. Leave the house and call the gas utility first.',
  },
  {
    issueSlug: 'frozen-pipe',
    issueName: 'Frozen Pipe Thawing',
    baseMin: '150.00',
    baseMax: '700.00',
    unit: 'job',
    category: 'Pipes',
    notes:
      'Thawing frozen supply lines and checking for splits; repair of a burst section priced separately.',
  },
  {
    issueSlug: 'slab-leak',
    issueName: 'Slab Leak Repair',
    baseMin: '650.00',
    baseMax: '4500.00',
    unit: 'job',
    category: 'Leaks',
    notes: 'Leak under a concrete slab: spot repair through the slab, or rerouting the line overhead.',
  },
  {
    issueSlug: 'shower-valve-repair',
    issueName: 'Shower Valve Repair',
    baseMin: '175.00',
    baseMax: '800.00',
    unit: 'job',
    category: 'Fixtures',
    notes:
      'Cartridge or pressure-balance valve repair; full valve replacement behind the wall at the top of the range.',
  },
  {
    issueSlug: 'main-shutoff-valve-replacement',
    issueName: 'Main Shut-off Valve Replacement',
    baseMin: '300.00',
    baseMax: '900.00',
    unit: 'job',
    category: 'Pipes',
    notes:
      'Replace a seized or leaking main valve with a full-port ball valve; may need the utility to shut the meter.',
  },
  {
    issueSlug: 'water-softener-service',
    issueName: 'Water Softener Service',
    baseMin: '150.00',
    baseMax: '500.00',
    unit: 'job',
    category: 'Water Treatment',
    notes: 'Resin bed cleaning, control valve repair, bypass or brine tank service.',
  },
  {
    issueSlug: 'backflow-testing',
    issueName: 'Backflow Testing',
    baseMin: '75.00',
    baseMax: '200.00',
    unit: 'job',
    category: 'Inspection',
    notes: 'Annual certified test of a backflow prevention assembly, filed with the water utility.',
  },
  {
    issueSlug: 'hose-bib-repair',
    issueName: 'Outdoor Faucet (Hose Bib) Repair',
    baseMin: '100.00',
    baseMax: '350.00',
    unit: 'job',
    category: 'Fixtures',
    notes: 'Repair or replace an outdoor spigot; frost-free hose bib at the top of the range.',
  },
  {
    issueSlug: 'camera-inspection',
    issueName: 'Sewer Camera Inspection',
    baseMin: '150.00',
    baseMax: '550.00',
    unit: 'job',
    category: 'Inspection',
    notes: 'Video inspection of drain and sewer lines with a recording and locate of any defect.',
  },
  {
    issueSlug: 'toilet-installation',
    issueName: 'Toilet Installation',
    baseMin: '225.00',
    baseMax: '600.00',
    unit: 'job',
    category: 'Installation',
    notes: 'Remove the old toilet and install a new one with wax ring, bolts and supply line; toilet extra.',
  },
  // Common residential jobs, each range checked against two published 2025 cost guides (named beside it).
  {
    // HomeGuide: ice-maker line $100–$300, washer hose replacement $100–$200; Angi: refrigerator water
    // line or dishwasher hookup $100–$350.
    issueSlug: 'supply-line-hookup',
    issueName: 'Appliance Supply Line & Hookup',
    baseMin: '100.00',
    baseMax: '350.00',
    unit: 'job',
    category: 'Installation',
    notes:
      'Washing-machine hoses and valves, ice-maker and dishwasher supply lines: replace, connect or run a short new line.',
  },
  {
    // HomeGuide: water hammer arrestor installed $150–$400; Fixr: $200–$450 with access to the pipes.
    issueSlug: 'water-hammer-arrestor',
    issueName: 'Water Hammer Arrestor (Noisy Pipes)',
    baseMin: '150.00',
    baseMax: '450.00',
    unit: 'job',
    category: 'Repairs',
    notes: 'Arrestors at the quick-closing valves (washer, dishwasher, toilet) and re-strapping loose pipes.',
  },
  {
    // Angi/HomeAdvisor: $15–$25 per linear foot (a new appliance line averages about $530);
    // HomeGuide: $15–$25 per linear foot, $250–$750 for a typical appliance run.
    issueSlug: 'gas-line-installation',
    issueName: 'Gas Line Installation',
    baseMin: '15.00',
    baseMax: '25.00',
    unit: 'linear_ft',
    category: 'Gas',
    notes:
      'New black-iron or CSST gas line to a range, dryer, grill, fire pit or generator, pressure test and permit; typical runs are 20–40 ft.',
  },
  {
    // HomeGuide: gas stove or dryer hookup $100–$300, gas line repair $150–$600; Angi: gas line repair
    // $150–$800.
    issueSlug: 'gas-appliance-hookup',
    issueName: 'Gas Appliance Hookup & Line Repair',
    baseMin: '150.00',
    baseMax: '600.00',
    unit: 'job',
    category: 'Gas',
    notes:
      'Connect a gas range, dryer or water heater, replace a flex connector or shut-off valve, repair a damaged line; leak test included.',
  },
  {
    // HomeGuide: clearing a plumbing vent $150–$500, vent pipe repair up to $1,000; Angi: vent stack
    // repair $200–$700.
    issueSlug: 'vent-stack-repair',
    issueName: 'Plumbing Vent (Vent Stack) Repair',
    baseMin: '150.00',
    baseMax: '700.00',
    unit: 'job',
    category: 'Drains',
    notes:
      'Clearing a blocked roof vent or repairing a cracked vent pipe; roof access toward the top of the range.',
  },
  {
    // HomeGuide: bathtub drain replacement $150–$500; Angi: shower or tub drain repair $150–$600.
    issueSlug: 'tub-shower-drain-repair',
    issueName: 'Tub or Shower Drain & Trap Repair',
    baseMin: '150.00',
    baseMax: '550.00',
    unit: 'job',
    category: 'Drains',
    notes:
      'Leaking or broken tub or shower drain, stopper, overflow or trap; opening a ceiling or access panel not included.',
  },
  {
    // HomeGuide: thermal expansion tank installed $200–$500; Angi/HomeAdvisor: $250–$550.
    issueSlug: 'expansion-tank-installation',
    issueName: 'Expansion Tank Installation',
    baseMin: '200.00',
    baseMax: '550.00',
    unit: 'job',
    category: 'Water Heaters',
    notes: 'Install or replace a thermal expansion tank on the water heater, set to the house pressure.',
  },
  {
    // HomeGuide: pressure-reducing valve replacement $300–$600, up to $1,000; Angi: $250–$850.
    issueSlug: 'pressure-reducing-valve',
    issueName: 'Pressure-Reducing Valve (PRV) Replacement',
    baseMin: '300.00',
    baseMax: '850.00',
    unit: 'job',
    category: 'Pipes',
    notes: 'Replace a failed or missing pressure-reducing valve at the main and set it to 50–60 psi.',
  },
  {
    // HomeGuide: hot water recirculating pump installed $400–$1,200; Angi: $500–$1,300.
    issueSlug: 'recirculation-pump',
    issueName: 'Hot Water Recirculation Pump',
    baseMin: '400.00',
    baseMax: '1300.00',
    unit: 'job',
    category: 'Water Heaters',
    notes:
      'Install or replace a recirculation pump (under-sink crossover or dedicated return line) with timer or demand control.',
  },
  {
    // HomeGuide: well pump repair $350–$1,200, submersible replacement $1,000–$2,500; Angi: well pump
    // replacement $900–$2,500.
    issueSlug: 'well-pump-repair',
    issueName: 'Well Pump Repair or Replacement',
    baseMin: '350.00',
    baseMax: '2500.00',
    unit: 'job',
    category: 'Repairs',
    notes: 'Pressure switch, control box or wiring repair at the low end; a new submersible pump at the top.',
  },
  {
    // HomeGuide: well pressure tank replacement $450–$1,200; Angi: $400–$1,300.
    issueSlug: 'well-pressure-tank',
    issueName: 'Well Pressure Tank Replacement',
    baseMin: '400.00',
    baseMax: '1300.00',
    unit: 'job',
    category: 'Repairs',
    notes: 'Replace a waterlogged or leaking well pressure tank, set the air charge and the pressure switch.',
  },
  {
    // HomeGuide: residential grease trap cleaning $150–$450 (installation more); Fixr: $175–$500.
    issueSlug: 'grease-trap-service',
    issueName: 'Grease Trap Cleaning & Repair',
    baseMin: '150.00',
    baseMax: '500.00',
    unit: 'job',
    category: 'Drains',
    notes: 'Pump and clean a kitchen grease trap or interceptor, check baffles and the outlet line.',
  },
];
