"use client";

import Link from "next/link";
import { useDraggable } from "@dnd-kit/core";
import { LEAD_STATUSES, type LeadStatus } from "@/lib/domain/enums";
import type { BoardCard } from "@/lib/board/board-card";
import { LEAD_INTEREST_LABELS, LEAD_STATUS_LABELS } from "@/lib/leads/lead-labels";
import { formatMoney } from "@/components/ui/format-money";
import { ActionMenu } from "@/components/ui/action-menu";
import { styles } from "@/components/ui/styles";
import { sourceLabel } from "@/components/ui/source-label";

export interface CardContext {
  me: string;
  memberNames: Record<string, string>;
  currency: string;
}

// One lead on the board. The handle is what drags (pointer, touch or keyboard), so the name's
// link and the Move menu keep working as usual; the menu is the way to move without dragging.
export function BoardCardView({
  card,
  context,
  pending,
  onMove,
}: {
  card: BoardCard;
  context: CardContext;
  pending: boolean;
  onMove: (card: BoardCard, to: LeadStatus) => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: card.id,
    data: { status: card.status, name: card.name },
    disabled: pending,
  });
  return (
    <li
      ref={setNodeRef}
      data-testid="board-card"
      data-lead-id={card.id}
      className={`rounded-md border border-slate-200 bg-white p-3 text-sm shadow-sm ${isDragging ? "opacity-40" : ""} ${pending ? "animate-pulse" : ""}`}
    >
      <div className="flex items-start gap-2">
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={`Drag ${card.name}`}
          className={`-ml-1 mt-0.5 cursor-grab touch-none rounded px-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700 active:cursor-grabbing ${styles.focusRing}`}
        >
          <span aria-hidden>⠿</span>
        </button>
        <div className="min-w-0 flex-1">
          <Link href={`/leads/${card.id}`} className={`${styles.link} block truncate`}>
            {card.name}
          </Link>
          <CardDetails card={card} context={context} />
        </div>
      </div>
      <MoveMenu card={card} disabled={pending} onMove={onMove} />
    </li>
  );
}

function CardDetails({ card, context }: { card: BoardCard; context: CardContext }) {
  const owner = !card.assignedTo
    ? "Unassigned"
    : card.assignedTo === context.me
      ? "You"
      : (context.memberNames[card.assignedTo] ?? "Former member");
  const wants = [
    card.interest ? LEAD_INTEREST_LABELS[card.interest] : null,
    card.budget !== null ? formatMoney(card.budget, context.currency) : null,
  ].filter(Boolean);
  return (
    <div className="mt-0.5 space-y-0.5 text-xs text-slate-500">
      {wants.length ? <p className="truncate">{wants.join(" · ")}</p> : null}
      <p className="truncate">
        {owner}
        {card.source ? ` · ${sourceLabel(card.source)}` : ""}
      </p>
    </div>
  );
}

// A menu of the other statuses: reachable and usable with any input, and the fallback for
// assistive technology that does not work with drag and drop.
function MoveMenu({
  card,
  disabled,
  onMove,
}: {
  card: BoardCard;
  disabled: boolean;
  onMove: (card: BoardCard, to: LeadStatus) => void;
}) {
  return (
    <div className="mt-2">
      <ActionMenu
        trigger={
          <>
            Move to…{" "}
            <span aria-hidden className="group-data-[state=open]:rotate-180">
              ▾
            </span>
          </>
        }
        triggerAriaLabel={`Move ${card.name} to…`}
        triggerClassName={`group inline-flex cursor-pointer items-center gap-1 rounded px-1 text-xs font-medium text-slate-600 hover:text-slate-900 ${styles.focusRing}`}
        disabled={disabled}
        items={LEAD_STATUSES.filter((s) => s !== card.status).map((status) => ({
          key: status,
          label: LEAD_STATUS_LABELS[status],
          onSelect: () => {
            onMove(card, status);
            // The card remounts in its new column and this button with it: focus goes to the
            // new one, as @dnd-kit does for the drag handle after a drop.
            requestAnimationFrame(() =>
              document.querySelector<HTMLElement>(`[data-lead-id="${card.id}"] [aria-haspopup="menu"]`)?.focus(),
            );
          },
        }))}
      />
    </div>
  );
}
