import type { DiagnosisLocation, Severity } from '@shared/constants';

/**
 * The offline engine's knowledge base: one entry per pricing-catalogue issue that homeowners
 * describe, in their words. `terms` holds symptoms, synonyms and colloquial words (loo, tap,
 * garburator, …) — all indexed; `causes` and `action` feed the answer. Severity is the usual
 * severity before safety rules and the homeowner's urgency are applied.
 */
export interface KnowledgeEntry {
  slug: string;
  /** The identified issue, as the result screen shows it. */
  title: string;
  severity: Severity;
  /** Where it usually happens: a small ranking boost when the homeowner picked that location. */
  locations: readonly DiagnosisLocation[];
  /** What homeowners say: symptoms, synonyms, colloquial words. Indexed. */
  terms: string;
  /** One sentence on what is going on. */
  summary: string;
  causes: readonly string[];
  action: string;
  /**
   * For an issue the catalogue prices per unit (per linear foot): the size of a typical job, so the
   * answer can also show a typical total — the pricing engine's per-unit range times this amount.
   */
  typicalQuantity?: { amount: number; unit: string };
}

export const KNOWLEDGE_BASE: readonly KnowledgeEntry[] = [
  {
    slug: 'emergency-repair',
    title: 'Active flooding or uncontrolled water leak',
    severity: 'high',
    locations: ['kitchen', 'bathroom', 'basement', 'other'],
    terms:
      'emergency flood flooding flooded water everywhere pouring gushing through ceiling water coming through ceiling not stopping ' +
      'cannot stop the water cannot turn off water water running down walls standing water on floor urgent leak right now ' +
      'immediately asap help water damage utility room under the stairs',
    summary:
      'water is escaping faster than it can be contained, which can damage floors, ceilings and wiring within minutes',
    causes: [
      'a failed supply pipe or fitting',
      'a burst appliance hose (washer, dishwasher, water heater)',
      'an overflowing fixture upstairs',
    ],
    action:
      'Shut off the main water valve now (usually where the main line enters the house, near the meter or water heater), switch off power to wet areas if you can do so from a dry spot, move valuables away and book an emergency plumber.',
  },
  {
    slug: 'drain-cleaning',
    title: 'Slow drains throughout the house (drain cleaning)',
    severity: 'low',
    locations: ['kitchen', 'bathroom', 'basement', 'other'],
    terms:
      'drain cleaning clean drains professionally cleaned all drains slow every drain sluggish several drains gurgle gurgling ' +
      'hydro jetting hydrojet jet the line snake the drains rooter maintenance grease buildup kitchen line drains empty slowly service',
    summary:
      'several drains are losing flow to grease, soap and hair build-up along the lines, which a professional cleaning clears',
    causes: [
      'grease and soap build-up inside the drain lines',
      'hair and debris collecting in traps',
      'a partial blockage further down the shared line',
    ],
    action:
      'Avoid chemical drain openers (they damage pipes and endanger the plumber). Book a drain cleaning: a machine auger or hydro jetting clears the lines.',
  },
  {
    slug: 'water-heater-service',
    title: 'Water heater needs service (sediment, noises, tune-up)',
    severity: 'low',
    locations: ['basement', 'other'],
    terms:
      'waterheater tank service maintenance flush flushing drain the tank sediment popping rumbling crackling banging noises when it heats ' +
      'anode rod tune up annual service thermostat adjustment relief valve check gas waterheater electric waterheater element loud knocking noise when it fires up noisy waterheater',
    summary:
      'the water heater needs routine service: sediment on the tank bottom makes it pop and rumble and wastes energy',
    causes: [
      'mineral sediment settling on the bottom of the tank',
      'a worn anode rod',
      'a relief valve or thermostat that needs checking',
    ],
    action:
      'Keep the area around the heater clear. Book a water heater service: a flush, an anode rod check and a safety valve test extend its life.',
  },
  {
    slug: 'leak-detection',
    title: 'Hidden leak somewhere in the plumbing',
    severity: 'medium',
    locations: ['other', 'bathroom', 'kitchen', 'basement'],
    terms:
      'hidden leak cannot find the leak cannot see any leak waterbill high waterbill doubled water bill went up unexplained ' +
      'hear water running in the wall water running when taps are off watermeter spinning meter moving nothing on ' +
      'damp wall wet drywall stain on ceiling brown stain spreading mold musty smell water stain below bathroom drips from ceiling when someone showers upstairs leak detection damp patch on the wall keeps growing no idea where it comes from unknown source wet spot on wall',
    summary:
      'water is escaping somewhere you cannot see — inside a wall, ceiling or floor — which shows up on the bill, the meter or as stains',
    causes: [
      'a pinhole leak in a supply pipe inside a wall',
      'a leaking shower pan or tub drain above a ceiling',
      'a failing connection behind a fixture',
    ],
    action:
      'Turn every fixture off and watch the water meter for 15 minutes to confirm the leak. Book leak detection: acoustic and thermal tools find it without opening walls.',
  },
  {
    slug: 'pipe-installation',
    title: 'New pipe installation or repiping',
    severity: 'low',
    locations: ['kitchen', 'bathroom', 'basement', 'other'],
    terms:
      'new pipe new water line run a line install pipes supply line drain line ' +
      'adding a bathroom remodel renovation addition basement bathroom rough in repipe whole house replace old galvanized pipes pex copper ' +
      'plumbing for new kitchen island relocate pipes move the plumbing installation',
    summary:
      'this is new pipework — a supply or drain line for a fixture, appliance or remodel, or replacing old pipes',
    causes: [
      'a remodel, addition or new appliance',
      'old galvanized or polybutylene pipes reaching the end of their life',
    ],
    action:
      'Book an estimate visit: the plumber confirms the route, pipe material and whether a permit is needed before quoting.',
  },
  {
    slug: 'fixture-replacement',
    title: 'Fixture replacement (sink, vanity, shower head, tub spout)',
    severity: 'low',
    locations: ['bathroom', 'kitchen'],
    terms:
      'replace fixture swap out new sink vanity basin shower head showerhead tub spout bathtub spout replace sink fitted ' +
      'old enamel chipped sink upgrade fixtures bought new already purchased install new sink pedestal sink bar sink utility sink',
    summary: 'an old fixture needs swapping for a new one — a routine installation',
    causes: ['a worn, chipped or outdated fixture', 'a remodel or upgrade'],
    action:
      'Have the new fixture on site and clear the cabinet underneath. Book a fixture replacement; shut-off valves may be replaced at the same time if they are seized.',
  },
  {
    slug: 'toilet-repair',
    title: 'Toilet repair (wobbly, leaking at the base, broken handle or tank)',
    severity: 'medium',
    locations: ['bathroom'],
    terms:
      'toilet rocks wobbles wobbly loose toilet moves when you sit on it leaking at the base water around the base seeping around base ' +
      'wax ring seal broken flush handle snapped handle loose chain cracked tank crack in the bowl leaking tank bolts supply line leaking toilet repair ' +
      'sit on it seat water on the floor around the toilet after flushing',
    summary: 'the toilet itself needs repair — its seal, mounting, handle or tank',
    causes: [
      'a failed wax ring under the toilet',
      'loose or corroded closet bolts',
      'a broken handle, chain or tank component',
      'a cracked tank or bowl',
    ],
    action:
      'If water is leaking at the base or from the tank, close the small shut-off valve behind the toilet and avoid using it. Book a toilet repair.',
  },
  {
    slug: 'faucet-installation',
    title: 'Faucet installation',
    severity: 'low',
    locations: ['kitchen', 'bathroom'],
    terms:
      'install faucet new faucet bought a faucet put in a new faucet faucet installation replace faucet swap faucet single handle ' +
      'pull down kitchen faucet bathroom faucet mixer upgrade faucet fitting new faucet i purchased',
    summary: 'you have (or want) a new faucet fitted — a routine installation with new supply lines',
    causes: ['an upgrade or remodel', 'an old faucet not worth repairing'],
    action:
      'Keep the new faucet and its box handy and clear the cabinet under the sink. Book a faucet installation.',
  },
  {
    slug: 'water-line-repair',
    title: 'Main water service line leak (yard or street side)',
    severity: 'high',
    locations: ['outdoor'],
    terms:
      'main water line from the street to the house service line leaking yard lawn soggy patch wet spot in the lawn water bubbling up in the yard ' +
      'near the watermeter between the meter and the house puddle in the front yard water line break underground main line leak street',
    summary: 'the buried pipe that brings water from the meter to the house is leaking',
    causes: [
      'an old galvanized or polybutylene service line',
      'a cracked line after ground movement or frost',
      'a failed fitting at the meter or the house',
    ],
    action:
      'If water is pooling, close the main shut-off valve (or the curb valve at the meter if you can reach it). Call the water utility if the leak is on their side of the meter, and book a water line repair.',
  },
  {
    slug: 'sewer-line-service',
    title: 'Main sewer line clearing (roots or repeated clogs)',
    severity: 'medium',
    locations: ['outdoor', 'basement', 'other'],
    terms:
      'main sewer line tree roots roots in the sewer main line clogging every few months recurring clog sewer main rooted out root cutting ' +
      'cleanout sewer cleaning main line cleaning sewer service roots grown into the pipe',
    summary: 'the main sewer line is partly blocked — often by tree roots — so clogs keep coming back',
    causes: [
      'tree roots entering through joints of older pipe',
      'grease and wipes building up in the main line',
      'a sagging (bellied) section holding debris',
    ],
    action:
      'Go easy on water use until the line is cleared. Book a sewer line service: clearing through the cleanout with root cutting, ideally followed by a camera inspection.',
  },
  {
    slug: 'general-plumbing',
    title: 'General plumbing repair (dripping pipe, leaking trap, small jobs)',
    severity: 'low',
    locations: ['other', 'kitchen', 'bathroom', 'basement', 'outdoor'],
    terms:
      'general plumbing repair small jobs odd jobs handyman list of small plumbing jobs an hour or two whistling pipes squealing ' +
      'minor repair leaking pipe under the sink pipe under the sink drips dripping pipe pipe dripping ' +
      'drip from the pipe pipe joint leaking leaky pipe leaky connection p-trap leaking trap leaks slip nut loose nut ' +
      'supply line leaking compression fitting leaking small leak at a fitting',
    summary:
      'this is a general plumbing repair — a dripping pipe joint, a leaking trap or a list of small jobs — billed by the hour',
    causes: [
      'a loose slip nut or compression fitting',
      'a worn trap washer',
      'small jobs saved up for one visit',
    ],
    action:
      'Note every small job you want done so the plumber can plan the visit. Book a general plumbing visit.',
  },
  {
    slug: 'leaky-faucet',
    title: 'Leaky faucet',
    severity: 'low',
    locations: ['kitchen', 'bathroom'],
    terms:
      'faucet drip dripping leak leaky faucet tap drip drip drip will not stop dripping drips all night leaking from the handle ' +
      'leaks under the handle leaks around base of faucet spout drips cartridge washer o-ring worn kitchen faucet bathroom faucet',
    summary: 'a worn washer, O-ring or cartridge lets water seep past when the faucet is closed',
    causes: [
      'a worn cartridge or washer',
      'a damaged O-ring around the spout or handle',
      'mineral build-up on the valve seat',
    ],
    action:
      'Not urgent, but a dripping faucet wastes thousands of gallons a year. Close the shut-off valves under the sink if it gets worse, and book a faucet repair.',
  },
  {
    slug: 'clogged-drain',
    title: 'Clogged drain (sink, tub or shower)',
    severity: 'medium',
    locations: ['kitchen', 'bathroom', 'basement'],
    terms:
      'clog clogged drain sink clogged blocked will not drain slow draining standing water water sits in the sink shower pools around my feet ' +
      'takes ages to drain tub bathtub full of water hair clog soap scum kitchen sink blocked bathroom sink basin drain stopped ptrap gurgle',
    summary: 'hair, soap or grease is blocking the drain or its trap, so water drains slowly or not at all',
    causes: [
      'hair and soap in a bathroom drain',
      'grease and food scraps in a kitchen drain',
      'an object stuck in the trap',
    ],
    action:
      'Stop using the fixture and skip chemical drain cleaners. A plunger or a drain snake may clear it; if not, book a drain clearing.',
  },
  {
    slug: 'clogged-toilet',
    title: 'Clogged toilet',
    severity: 'medium',
    locations: ['bathroom'],
    terms:
      'toilet clog clogged toilet will not flush toilet not flushing water rises to the rim bowl fills up nearly overflowing ' +
      'flushed a toy kid flushed wipes paper blocked toilet plunger not working slow flush bowl drains slowly',
    summary: 'something is lodged in the toilet or its trapway, so it cannot flush',
    causes: [
      'too much paper or flushed wipes',
      'a toy or object in the trapway',
      'a partial blockage further down the drain',
    ],
    action:
      'Do not flush again (it may overflow). Close the shut-off valve behind the toilet and try a flange plunger; if that fails, book a toilet unclogging.',
  },
  {
    slug: 'running-toilet',
    title: 'Running toilet',
    severity: 'low',
    locations: ['bathroom'],
    terms:
      'toilet keeps running runs constantly will not stop running after flushing refill by itself refills on its own every few minutes ' +
      'phantom flush ghost flush tank never stops filling hissing tank fill valve flapper toilet tank running water sound',
    summary:
      'a worn flapper or fill valve lets water leak from the tank into the bowl, so the toilet keeps refilling',
    causes: ['a worn or warped flapper', 'a faulty fill valve', 'a float set too high'],
    action:
      'Not an emergency, but it can waste 200 gallons a day. Close the valve behind the toilet between uses if the noise bothers you, and book a running toilet repair.',
  },
  {
    slug: 'low-water-pressure',
    title: 'Low water pressure',
    severity: 'low',
    locations: ['bathroom', 'kitchen', 'other'],
    terms:
      'low water pressure weak pressure barely a trickle trickle dribble dribbles weak flow poor flow shower weak faucet slow flow ' +
      'pressure drop whole house low pressure aerator clogged showerhead pressure low',
    summary:
      'water reaches the fixture with too little pressure — from a clogged aerator, a failing pressure valve or partly closed valves',
    causes: [
      'mineral build-up in aerators or shower heads',
      'a failing pressure-reducing valve',
      'a partly closed or failing main valve',
      'corroded galvanized pipes',
    ],
    action:
      'Check whether it is one fixture (clean its aerator or shower head) or the whole house (check the main valve is fully open). Book a pressure diagnosis if it persists.',
  },
  {
    slug: 'burst-pipe',
    title: 'Burst pipe',
    severity: 'critical',
    locations: ['basement', 'kitchen', 'bathroom', 'other'],
    terms:
      'burst pipe pipe burst pipe split cracked pipe broken pipe water spraying spraying everywhere gushing pipe pipe exploded ' +
      'water shooting out of pipe split under the sink water all over the floor from a pipe',
    summary: 'a pipe has split or burst and is releasing water under full pressure',
    causes: [
      'freezing that split the pipe',
      'corrosion in old pipe',
      'high water pressure or a failed fitting',
    ],
    action:
      'Shut off the main water valve right away and open a cold faucet to drain the pressure. Keep clear of wet outlets and appliances, and book an emergency burst pipe repair.',
  },
  {
    slug: 'water-heater-no-hot-water',
    title: 'No hot water (water heater not heating)',
    severity: 'medium',
    locations: ['basement', 'bathroom', 'other'],
    terms:
      'no hot water hot water not working waterheater not heating water not hot cold water only showers go cold shower runs cold after minutes ' +
      'lukewarm not enough hot water runs out quickly pilot light out pilot keeps going out thermocouple igniter element tripped ' +
      'reset button breaker for waterheater cold shower',
    summary:
      'the water heater is not heating properly — often a pilot, thermocouple, igniter, element or thermostat fault',
    causes: [
      'a pilot light that will not stay lit (thermocouple)',
      'a failed heating element or thermostat (electric)',
      'sediment reducing capacity',
    ],
    action:
      'Check the heater has power or gas and, for gas units, follow the relighting instructions on the label. If you smell gas, leave and call the gas utility. Book a water heater repair.',
  },
  {
    slug: 'water-heater-leak',
    title: 'Leaking water heater',
    severity: 'high',
    locations: ['basement', 'other'],
    terms:
      'waterheater leaking leak water pooling under the tank puddle next to the heater tank is wet leaking from the bottom ' +
      'water around the base of the tank relief valve dripping rusty water leaking tank corroded ' +
      'water all over the garage floor around the waterheater',
    summary: 'water is leaking from the water heater — from a valve or fitting, or from the tank itself',
    causes: [
      'a leaking relief valve or drain valve',
      'loose inlet or outlet connections',
      'a corroded tank that has started to fail',
    ],
    action:
      'Turn off the heater (gas to "pilot" or the breaker for electric) and close the cold water valve on top. Keep the area dry and book a water heater leak repair — a leaking tank usually means replacement.',
  },
  {
    slug: 'water-heater-replacement',
    title: 'Water heater replacement',
    severity: 'low',
    locations: ['basement', 'other'],
    terms:
      'replace waterheater new waterheater install a new waterheater old waterheater years old rusty end of life upgrade ' +
      '40 gallon 50 gallon brand new waterheater installed replacement tank swap the tank',
    summary: 'the water heater is at the end of its life (or you want an upgrade), so it should be replaced',
    causes: [
      'age — tank heaters last about 8 to 12 years',
      'a corroded or leaking tank',
      'a household that has outgrown its capacity',
    ],
    action:
      'Note the size, fuel (gas or electric) and age on the label. Book a water heater replacement; a permit is usually required.',
  },
  {
    slug: 'tankless-water-heater-repair',
    title: 'Tankless water heater repair',
    severity: 'medium',
    locations: ['other', 'basement'],
    terms:
      'tankless waterheater error code shows error code 11 code shuts off in the middle of a shower cold water sandwich bursts of cold water ' +
      'fluctuating temperature descale flow sensor flame sensor ignition failure tankless unit tankless flashing error tankless not heating tankless no hot water',
    summary: 'the tankless water heater is faulting — scale, a sensor or an ignition problem',
    causes: [
      'scale build-up in the heat exchanger',
      'a dirty flame or flow sensor',
      'venting or gas supply problems',
    ],
    action:
      'Note the error code on the display and power-cycle the unit once. Book a tankless water heater repair.',
  },
  {
    slug: 'garbage-disposal-repair',
    title: 'Garbage disposal repair',
    severity: 'low',
    locations: ['kitchen'],
    terms:
      'disposal jammed hums but does not spin humming not spinning stuck grinding noise disposal leaking underneath drips under the sink ' +
      'disposal will not turn on reset button disposal broken food stuck kitchen sink disposal',
    summary: 'the garbage disposal is jammed, tripped or leaking',
    causes: [
      'something hard jammed between the impeller and the ring',
      'a tripped overload reset',
      'worn seals or loose connections',
    ],
    action:
      'Switch the disposal off and never put your hand inside. Press the red reset button underneath; if it still hums or leaks, book a disposal repair.',
  },
  {
    slug: 'sump-pump-repair',
    title: 'Sump pump repair',
    severity: 'high',
    locations: ['basement'],
    terms:
      'sump pump runs nonstop runs constantly not turning on did not kick on pump in the basement pit pit overflowing float stuck float switch ' +
      'check valve basement flooding during storm rain heavy rain groundwater pump failed pump noisy',
    summary: 'the sump pump is not cycling properly, which puts the basement at risk in the next heavy rain',
    causes: [
      'a stuck or tangled float switch',
      'a failed check valve',
      'a burnt-out motor or tripped circuit',
    ],
    action:
      'Check the pump is plugged in and its breaker is on, without standing in water. Before the next storm, book a sump pump repair.',
  },
  {
    slug: 'sewer-backup',
    title: 'Sewer backup',
    severity: 'high',
    locations: ['basement', 'bathroom'],
    terms:
      'sewage coming up sewer backup backup floor drain sewage in the basement raw sewage sewage in shower sewage in tub ' +
      'when i flush water comes up in the bathtub dirty water comes up in the shower toilet and tub backup multiple drains backup ' +
      'black water waste water coming up',
    summary: 'the main sewer line is blocked, so waste water comes back up through the lowest drains',
    causes: [
      'a blockage in the main sewer line (roots, grease, wipes)',
      'a collapsed or sagging sewer pipe',
      'a municipal sewer surcharge after heavy rain',
    ],
    action:
      'Stop using water (no flushing, showers, laundry or dishwasher). Keep people and pets away from the sewage and book a sewer backup service.',
  },
  {
    slug: 'sewer-line-replacement',
    title: 'Sewer line replacement',
    severity: 'high',
    locations: ['outdoor'],
    terms:
      'sewer line replacement replace sewer pipe collapsed sewer broken sewer line cracked clay pipe orangeburg cast iron sewer ' +
      'trenchless sewer replacement pipe bursting lining new sewer line camera showed a broken sewer line sewer pipe replacing',
    summary: 'the sewer pipe is broken or collapsed and needs replacing (trenchless or open trench)',
    causes: [
      'old clay, cast-iron or Orangeburg pipe at the end of its life',
      'root intrusion that cracked the pipe',
      'ground settlement',
    ],
    action:
      'Limit water use until it is repaired. Book a sewer line replacement estimate; a camera inspection confirms the length and method.',
    // A house's sewer lateral is typically 30–100 ft.
    typicalQuantity: { amount: 50, unit: 'linear_ft' },
  },
  {
    slug: 'gas-line-leak',
    title: 'Possible gas leak',
    severity: 'critical',
    locations: ['kitchen', 'basement', 'other'],
    terms:
      'gas smell smell gas gas leak rotten egg smell sulfur odor hissing gas pipe gas line stove gas meter propane',
    summary: 'a gas smell or hissing line means gas may be leaking',
    causes: [
      'a loose or corroded gas fitting',
      'a damaged appliance connector',
      'a leaking valve at the meter or an appliance',
    ],
    action:
      'Leave the building now with everyone in it. Do not switch lights or appliances on or off, and do not use a phone inside. From outside, call your gas utility’s emergency line or 911. A licensed plumber repairs the line once the utility has made it safe.',
  },
  {
    slug: 'frozen-pipe',
    title: 'Frozen pipe',
    severity: 'high',
    locations: ['kitchen', 'basement', 'outdoor', 'other'],
    terms:
      'frozen pipe pipes froze frozen no water comes out faucet gives nothing nothing comes out cold snap below zero minus degrees ' +
      'crawlspace exterior wall pipe iced ice in pipe no water in winter',
    summary: 'water has frozen inside a pipe, stopping the flow — and ice can split the pipe',
    causes: [
      'pipes in unheated crawlspaces, garages or exterior walls',
      'a cold snap with cabinet doors closed',
      'missing pipe insulation',
    ],
    action:
      'Keep the faucet open, open cabinet doors and warm the pipe gently with a hair dryer — never an open flame. Know where your main shut-off is in case the pipe splits. Book frozen pipe thawing.',
  },
  {
    slug: 'slab-leak',
    title: 'Slab leak (leak under the concrete floor)',
    severity: 'high',
    locations: ['other', 'kitchen', 'bathroom'],
    terms:
      'slab leak under the slab warm spot on the floor hot spot floor warm hot floor sound of running water under the floor ' +
      'concrete foundation crack in the slab damp carpet wet flooring from below water coming up through the floor tile floor hot',
    summary: 'a pipe under the concrete slab is leaking — warm floor spots mean a hot water line',
    causes: [
      'corrosion or abrasion of copper lines in the slab',
      'ground movement',
      'poor original installation',
    ],
    action:
      'Watch the water meter with every fixture off to confirm. If the floor is hot, turn off the water heater. Book slab leak detection and repair.',
  },
  {
    slug: 'shower-valve-repair',
    title: 'Shower valve repair',
    severity: 'medium',
    locations: ['bathroom'],
    terms:
      'shower valve shower handle stiff hard to turn will not turn shower temperature swings hot to cold scald scalding freezing ' +
      'sometimes very hot sometimes very cold goes hot then cold handle broken inside loose handle spins ' +
      'mixing valve cartridge pressure balance shower drips when off shower will not shut off diverter shower knob',
    summary: 'the shower valve (cartridge or pressure-balance unit) behind the handle is worn or failing',
    causes: [
      'a worn or mineral-clogged cartridge',
      'a failing pressure-balance spool',
      'an old valve body that needs replacing',
    ],
    action: 'Use another shower if the temperature swings (scald risk). Book a shower valve repair.',
  },
  {
    slug: 'main-shutoff-valve-replacement',
    title: 'Main shut-off valve replacement',
    severity: 'medium',
    locations: ['basement', 'other'],
    terms:
      'main shutoff valve seized stuck will not turn will not close all the way leaks when closed main valve leaking ' +
      'gate valve ball valve replace main valve shutoff broken handle',
    summary: 'the main shut-off valve is seized or leaking, so you could not stop the water in an emergency',
    causes: ['an old gate valve corroded in place', 'worn packing around the stem'],
    action:
      'Do not force the handle (it can snap). Find the curb valve at the meter for emergencies and book a main shut-off valve replacement.',
  },
  {
    slug: 'water-softener-service',
    title: 'Water softener service',
    severity: 'low',
    locations: ['basement', 'other'],
    terms:
      'softener not regenerating hard water again salt bridge scale white crusty scale spots on dishes softener stopped working ' +
      'resin control valve bypass salt not going down',
    summary:
      'the water softener has stopped softening — a salt bridge, a control valve fault or exhausted resin',
    causes: ['a salt bridge in the brine tank', 'a faulty control valve or timer', 'fouled resin'],
    action:
      'Break up any salt crust in the brine tank and check the bypass valve is in service position. Book a water softener service.',
  },
  {
    slug: 'backflow-testing',
    title: 'Backflow testing',
    severity: 'low',
    locations: ['outdoor', 'other'],
    terms:
      'backflow preventer test annual test certification city letter water utility irrigation sprinkler system assembly test due tester',
    summary: 'the backflow prevention assembly needs its certified test, filed with the water utility',
    causes: ['an annual testing requirement from the water utility', 'a new irrigation or fire line'],
    action: 'Keep the utility’s letter with its deadline. Book a certified backflow test.',
  },
  {
    slug: 'hose-bib-repair',
    title: 'Outdoor faucet (hose bib) repair',
    severity: 'low',
    locations: ['outdoor'],
    terms:
      'hosebib dripping leaking leaks when i connect a hose side of the house frostfree cracked after winter outside wall garden hose ' +
      'will not shut off vacuum breaker',
    summary: 'the outdoor faucet (hose bib) is leaking or damaged, often after a freeze',
    causes: ['a worn washer or stem packing', 'a frost crack in the valve body', 'a failed vacuum breaker'],
    action: 'Close the indoor shut-off for the outdoor faucet if there is one, and book a hose bib repair.',
  },
  {
    slug: 'camera-inspection',
    title: 'Sewer camera inspection',
    severity: 'low',
    locations: ['outdoor', 'other'],
    terms:
      'camera inspection video inspection sewer scope scoped scope the line camera the main line buying a house before we close ' +
      'home purchase inspection see what is going on in the drain inspection recording locate',
    summary: 'you want a video inspection of the drain or sewer line to see its condition',
    causes: ['a home purchase', 'recurring clogs with an unknown cause', 'planning a repair'],
    action: 'Make sure the cleanout is accessible. Book a sewer camera inspection.',
  },
  {
    slug: 'toilet-installation',
    title: 'Toilet installation',
    severity: 'low',
    locations: ['bathroom'],
    terms:
      'new toilet install a toilet put in a new toilet replace old toilet with a new one comfort height toilet toilet i bought ' +
      'upgrade toilet dual flush ugly old toilet toilet installation',
    summary: 'you want a new toilet installed in place of the old one',
    causes: ['an upgrade or remodel', 'a cracked or inefficient old toilet'],
    action:
      'Have the new toilet on site. Book a toilet installation; the old one is removed and a new wax ring and supply line fitted.',
  },
  {
    slug: 'supply-line-hookup',
    title: 'Appliance water line or hookup (washing machine hoses, ice maker, dishwasher)',
    severity: 'medium',
    locations: ['kitchen', 'basement', 'other'],
    terms:
      'appliancesupply washingmachine hose hoses bulging braided stainless hoses rubber hose cracked washer box hookup hook up hookups ' +
      'connect the washingmachine laundry valves laundry hookup icemaker line fridge water line refrigerator water dispenser ' +
      'icemaker not getting water line kinked cracked dishwasher supply dishwasher hookup leak behind the washingmachine ' +
      'hose connects to the valve connect new dishwasher appliance water connection old hoses replace them',
    summary:
      'the water line that feeds an appliance — washing-machine hoses, an ice-maker line or a dishwasher supply — is leaking, worn or needs connecting',
    causes: [
      'rubber washer hoses that bulge and crack with age',
      'a kinked or brittle plastic ice-maker line',
      'a corroded dishwasher supply line or valve',
      'a new appliance that needs its water connection',
    ],
    action:
      'Close the appliance’s supply valve (behind the washer, under the sink for the dishwasher, behind or below the fridge) and keep towels down. Book an appliance supply line service; braided stainless hoses last longer.',
  },
  {
    slug: 'water-hammer-arrestor',
    title: 'Water hammer (banging or noisy pipes)',
    severity: 'low',
    locations: ['other', 'kitchen', 'bathroom', 'basement'],
    terms:
      'waterhammer arrestor arrestors pipes bang banging bang in the wall knocking knock hammer thud thump pipes shake rattle rattling ' +
      'noisy pipes loud noise when the tap is shut quickly close the tap fast washingmachine stops filling dishwasher valve shuts off ' +
      'toilet finishes filling hammering pipe noise loose pipe strap',
    summary:
      'quick-closing valves stop the water suddenly and the pressure wave makes the pipes bang; arrestors at those valves absorb it',
    causes: [
      'quick-closing valves on washers, dishwashers and toilets',
      'missing or waterlogged air chambers',
      'loose pipe straps',
      'high water pressure',
    ],
    action:
      'It is not an emergency, but the shock loosens joints over time. Note which fixture sets off the bang and book a water hammer repair.',
  },
  {
    slug: 'gas-line-installation',
    title: 'New gas line installation',
    severity: 'low',
    locations: ['kitchen', 'outdoor', 'basement', 'other'],
    terms:
      'new gas line run a gas line gas line installation install gas line gas pipe run extend gas piping natural gas propane line ' +
      'grill bbq fire pit outdoor kitchen generator pool heater gas range conversion switching from electric to gas ' +
      'gas dryer no gas there yet feet ft csst black iron new gas pipe remodel',
    summary: 'a new gas line is needed to an appliance or outdoor feature; it is priced by the foot of pipe',
    causes: [
      'a new gas range, dryer, grill, fire pit or generator',
      'switching an appliance from electric to gas',
      'a kitchen remodel',
    ],
    action:
      'Estimate the distance from the gas meter or the nearest gas pipe to the appliance. Book a gas line installation; it needs a permit and a pressure test.',
    // An appliance or patio run is typically 20–40 ft.
    typicalQuantity: { amount: 25, unit: 'linear_ft' },
  },
  {
    slug: 'gas-appliance-hookup',
    title: 'Gas appliance hookup or gas line repair',
    severity: 'medium',
    locations: ['kitchen', 'basement', 'other'],
    terms:
      'hook up hooked up connect gas stove gas range gas dryer hookup connect the gas existing gas line existing gas valve ' +
      'gas connector flex connector flexible yellow connector corroded connector gas shut off valve gas valve behind the stove ' +
      'replace gas valve disconnect the old gas appliance move the gas line gas line repair damaged gas pipe gas fireplace',
    summary: 'a gas appliance needs connecting, or a connector, valve or section of gas pipe needs replacing',
    causes: [
      'a new or replaced gas appliance',
      'an old, kinked or uncoated brass connector',
      'a stiff or leaking appliance shut-off valve',
    ],
    action:
      'If you ever smell gas, leave and call the gas utility first. Otherwise keep the appliance’s manual handy and book a gas appliance hookup; every connection is leak-tested.',
  },
  {
    slug: 'vent-stack-repair',
    title: 'Blocked or damaged plumbing vent (gurgling drains)',
    severity: 'medium',
    locations: ['bathroom', 'kitchen', 'other'],
    terms:
      'ventstack vent blocked vent clogged vent gurgle gurgling gurgles glug glugging bubbling bubble toilet gurgles when the sink drains ' +
      'sewer odor in the bathroom trap sucked dry bird nest leaves in the vent cracked vent attic roof',
    summary:
      'the vent that lets air into the drain lines is blocked or broken, so drains gurgle, run slowly and let sewer smells in',
    causes: [
      'leaves, a nest or ice blocking the roof vent',
      'a cracked or disconnected vent pipe',
      'a failed air admittance valve',
    ],
    action:
      'Do not climb onto the roof yourself. Note which fixtures gurgle together and book a vent repair; the plumber clears the vent from the roof or repairs the pipe.',
  },
  {
    slug: 'tub-shower-drain-repair',
    title: 'Tub or shower drain and trap repair',
    severity: 'medium',
    locations: ['bathroom'],
    terms:
      'tub drain bathtub drain shower drain drain stopper stopper broken stuck closed pop up stopper lever overflow plate ' +
      'drain flange rusted drain shoe tub drain leaking ceiling below room below leaks only when someone takes a bath ' +
      'trap under the bathtub corroded leaking into the basement crawlspace loose shower drain shower pan drain gasket coming apart',
    summary:
      'the drain assembly of the tub or shower — stopper, overflow, flange, gasket or trap — is broken or leaking',
    causes: [
      'a worn drain gasket or putty',
      'a corroded drain shoe or trap',
      'a broken stopper or overflow linkage',
    ],
    action:
      'Use another tub or shower until it is fixed, especially if water shows up below. Book a tub or shower drain repair; an access panel makes it quicker.',
  },
  {
    slug: 'expansion-tank-installation',
    title: 'Expansion tank for the water heater',
    severity: 'low',
    locations: ['basement', 'other'],
    terms:
      'expansiontank waterlogged sounds full when tapped expansiontank leaking replace the old expansiontank install expansiontank ' +
      'relief valve drips since new meter check valve backflow preventer closed system inspector code requires city says ' +
      'pressure spikes when the waterheater heats above the heater',
    summary:
      'the small tank that absorbs the water heater’s expansion is missing or waterlogged, so pressure spikes and the relief valve drips',
    causes: [
      'a closed system (a check valve or backflow preventer at the meter)',
      'a waterlogged tank whose bladder has failed',
      'a new code requirement on water heater work',
    ],
    action:
      'Catch the relief valve’s drips with a bucket; never cap or plug it. Book an expansion tank installation, sized for your water heater.',
  },
  {
    slug: 'pressure-reducing-valve',
    title: 'Water pressure too high (pressure-reducing valve)',
    severity: 'medium',
    locations: ['basement', 'outdoor', 'other'],
    terms:
      'prv water pressure too high high water pressure pressure is really high psi gauge reads over 100 psi 120 psi ' +
      'pressure goes up and down fluctuating pressure failed failing faucets spray hard pipes bang toilets keep running ' +
      'on the main line water main needs replacing install',
    summary:
      'the pressure-reducing valve at the main has failed (or is missing), so the house gets street pressure — hard on every pipe and fixture',
    causes: [
      'a worn pressure-reducing valve',
      'no valve on a high-pressure street main',
      'debris in the valve',
    ],
    action:
      'A hose-bib pressure gauge tells you the pressure; above 80 psi is too high. Book a pressure-reducing valve replacement; it is set to 50–60 psi.',
  },
  {
    slug: 'recirculation-pump',
    title: 'Hot water recirculation pump',
    severity: 'low',
    locations: ['bathroom', 'kitchen', 'basement', 'other'],
    terms:
      'recircpump takes forever for hot water waiting for hot water takes minutes to get hot far bathroom master bathroom ' +
      'waste water waiting hot water faster long wait run hot every morning warm up other end of the house far from the waterheater ' +
      'stopped working makes noise timer loop return line',
    summary:
      'hot water takes minutes to reach a far fixture; a recirculation pump keeps it close to the tap (or its pump has failed)',
    causes: [
      'a long pipe run from the water heater',
      'a failed recirculation pump or timer',
      'a return line or crossover valve that is stuck',
    ],
    action:
      'Note how long you wait at each fixture. Book a recirculation pump installation or repair; an under-sink unit needs an outlet nearby.',
  },
  {
    slug: 'well-pump-repair',
    title: 'Well pump not working',
    severity: 'high',
    locations: ['basement', 'outdoor', 'other'],
    terms:
      'wellpump wellwater well no water anywhere pump does not run pump quit burned out runs constantly never shuts off ' +
      'keeps running pressure switch clicks control box air spurts sputtering lost prime stopped working new wellpump',
    summary:
      'the well pump is not delivering water — the pump, its pressure switch or its control box has failed',
    causes: [
      'a failed pressure switch or control box',
      'a worn-out or burned-out pump motor',
      'a drop in the water level',
    ],
    action:
      'Check the well pump’s breaker once; do not keep resetting it. Store drinking water and book a well pump repair.',
  },
  {
    slug: 'well-pressure-tank',
    title: 'Well pressure tank (short cycling, waterlogged)',
    severity: 'medium',
    locations: ['basement', 'other'],
    terms:
      'pressuretank wellwater waterlogged short cycling short cycles pump clicks on and off every few seconds kicks on every time ' +
      'bladder failed air charge pressure drops fast gauge jumps psi rusty leaking at the bottom blue tank replace',
    summary:
      'the pressure tank has lost its air cushion (or is leaking), so the pump switches on and off constantly and wears out',
    causes: ['a failed bladder or diaphragm', 'a lost air charge', 'a corroded tank'],
    action:
      'Short cycling burns out the pump: book a pressure tank replacement soon. Note the pressure gauge readings when the pump starts and stops.',
  },
  {
    slug: 'grease-trap-service',
    title: 'Grease trap cleaning or repair',
    severity: 'medium',
    locations: ['kitchen'],
    terms:
      'greasetrap grease needs pumping pumped out cleaning full of grease smells clogged kitchen drain slow sink backup ' +
      'restaurant style home bakery install baffles',
    summary:
      'the kitchen grease trap is full or blocked, so grease backs up into the kitchen drain and smells',
    causes: [
      'grease and food solids filling the trap',
      'a blocked outlet or broken baffle',
      'no regular pump-out schedule',
    ],
    action:
      'Scrape plates into the trash and keep fat out of the sink until it is serviced. Book a grease trap cleaning.',
  },
];

const TYPICAL_QUANTITIES = new Map(
  KNOWLEDGE_BASE.flatMap((entry) =>
    entry.typicalQuantity ? [[entry.slug, entry.typicalQuantity] as const] : [],
  ),
);

/** The typical quantity of an issue priced per unit (e.g. 25 linear ft of gas line), if it has one. */
export const typicalQuantityOf = (issueSlug: string) => TYPICAL_QUANTITIES.get(issueSlug);
