import Link from "next/link";
import { gridSlot, slotLabel, slotParam } from "@/components/visits/booking-slot";
import { hrefWith } from "@/components/ui/cursor-pager";
import { styles } from "@/components/ui/styles";

// The empty time of one day column, as links to the booking form at that time (in the viewer's
// zone): a busy agent clicks where the visit goes. Each hour row holds two links, :00 and :30
// (32 px each), laid under the visit blocks: the blocks' list sits above with a higher z-index,
// so a click on a block always opens the visit. Past times, and times the clocks skip, get none.
//
// Keyboard and screen readers: every link is out of the tab order (tabIndex -1). A week has
// ~200 of them; tabbing through them to reach the next visit would bury the blocks, and the
// page's "Book a visit" button books any time by keyboard. Screen readers get one link per hour,
// named in full ("Book a visit on Wed 25 Nov at 14:00"), after that day's visits; the :30 links
// are hidden from them (a pointer's convenience: the form's time field takes any minute).
export function VisitGridSlots({ day, hours, zone, now }: { day: string; hours: number[]; zone: string; now: Date }) {
  const row = 100 / hours.length;
  return (
    <div className="absolute inset-0">
      {hours.flatMap((hour, i) =>
        [0, 30].map((minute) => {
          const slot = gridSlot(day, { hour, minute }, zone, now);
          if (!slot) return null;
          return (
            <Link
              key={slot.time}
              href={hrefWith("/visits/new", { at: slotParam(slot) })}
              tabIndex={-1}
              aria-label={`Book a visit on ${slotLabel(slot)}`}
              aria-hidden={minute ? true : undefined}
              data-testid="calendar-slot"
              data-at={slotParam(slot)}
              className={`group absolute inset-x-0 block hover:bg-indigo-50/70 ${styles.focusRing} focus-visible:-outline-offset-2`}
              style={{ top: `${(i + minute / 60) * row}%`, height: `${row / 2}%` }}
            >
              <span
                aria-hidden="true"
                className="hidden px-1.5 pt-0.5 text-[11px] leading-4 font-medium text-indigo-700 group-hover:block group-focus-visible:block"
              >
                + {slot.time}
              </span>
            </Link>
          );
        }),
      )}
    </div>
  );
}
