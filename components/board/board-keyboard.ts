import { KeyboardCode, type KeyboardCoordinateGetter } from "@dnd-kit/core";
import { LEAD_STATUSES, type LeadStatus } from "@/lib/domain/enums";

/**
 * The keyboard sensor's moves on the board: left and right jump a picked-up card to the middle
 * top of the previous or next status column (dnd-kit's default moves it 25 px a press, which
 * would take dozens of presses to cross a column). Up and down do nothing: within a column,
 * cards are ordered by creation, not by hand.
 */
export const columnJumpCoordinates: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  if (event.code !== KeyboardCode.Right && event.code !== KeyboardCode.Left) return undefined;
  event.preventDefault();
  const here = (context.over?.id ?? context.active?.data.current?.status) as LeadStatus | undefined;
  const index = here ? LEAD_STATUSES.indexOf(here) : -1;
  const next = LEAD_STATUSES[index + (event.code === KeyboardCode.Right ? 1 : -1)];
  const target = next ? context.droppableRects.get(next) : undefined;
  const card = context.collisionRect;
  if (!target || !card) return currentCoordinates;
  return { x: target.left + (target.width - card.width) / 2, y: target.top + 8 };
};
