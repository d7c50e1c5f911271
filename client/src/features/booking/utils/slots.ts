import type { Slot } from '@shared/contracts/booking';

/** One button of the picker: a start time offered by one or more technicians. */
export interface SlotGroup {
  startTime: string;
  endTime: string;
  /** The open slots at this time; booking takes the first. */
  slotIds: string[];
}

/** Groups a day's open slots by start time, in time order. */
export function groupSlotsByStartTime(slots: readonly Slot[]): SlotGroup[] {
  const groups = new Map<string, SlotGroup>();
  for (const slot of slots) {
    const group = groups.get(slot.startTime);
    if (group) group.slotIds.push(slot.id);
    else groups.set(slot.startTime, { startTime: slot.startTime, endTime: slot.endTime, slotIds: [slot.id] });
  }
  return [...groups.values()].sort((a, b) => a.startTime.localeCompare(b.startTime));
}

/** '13:30' → '1:30 PM'. */
export function formatTime(hourMinute: string): string {
  const [hours, minutes] = hourMinute.split(':').map(Number);
  const suffix = hours < 12 ? 'AM' : 'PM';
  return `${hours % 12 === 0 ? 12 : hours % 12}:${String(minutes).padStart(2, '0')} ${suffix}`;
}
