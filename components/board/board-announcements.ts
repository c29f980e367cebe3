import type { Announcements, ScreenReaderInstructions } from "@dnd-kit/core";
import type { LeadStatus } from "@/lib/domain/enums";
import { LEAD_STATUS_LABELS } from "@/lib/leads/lead-labels";

// What a screen reader hears while a card is dragged: the lead's name and the column's status,
// not dnd-kit's default "draggable item lead_01… was moved over droppable area qualified".

export const boardInstructions: ScreenReaderInstructions = {
  draggable:
    "To move this lead to another status, press Space or Enter to pick it up, the left and right arrow keys to choose a column, then Space or Enter to drop it. Escape cancels.",
};

const nameOf = (data: Record<string, unknown> | undefined) => String(data?.name ?? "The lead");
const columnOf = (id: unknown) => LEAD_STATUS_LABELS[id as LeadStatus] ?? String(id);

export const boardAnnouncements: Announcements = {
  onDragStart: ({ active }) => `Picked up ${nameOf(active.data.current)}, in ${columnOf(active.data.current?.status)}.`,
  onDragOver: ({ active, over }) =>
    over
      ? `${nameOf(active.data.current)} is over ${columnOf(over.id)}.`
      : `${nameOf(active.data.current)} is over no column.`,
  onDragEnd: ({ active, over }) =>
    over && over.id !== active.data.current?.status
      ? `${nameOf(active.data.current)} was moved to ${columnOf(over.id)}.`
      : `${nameOf(active.data.current)} was dropped back in ${columnOf(active.data.current?.status)}.`,
  onDragCancel: ({ active }) =>
    `Moving was cancelled. ${nameOf(active.data.current)} stays in ${columnOf(active.data.current?.status)}.`,
};
