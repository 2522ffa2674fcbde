// The tournament form's event page part (R40): the cause, the schedule and the address, as plain text, with a
// preview of Home as it will look once saved (the same component Home renders, fed with what the form holds now).
import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { parseMoneyToCents } from '../../shared/money';
import { scheduleFromText, type TournamentFormValues } from '../../shared/tournament-schemas';
import { EventPages } from '../events/event-page';
import { bindFields } from '../lib/bind-fields';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import { TextAreaField } from '../ui/text-area-field';
import type { AdminTournament, CourseChoice, LevelChoice } from './queries';
import { ImageUploadField } from '../ui/image-upload-field';

/** The hero image the form will save (R40): an uploaded image's id and its 1280 px variant; both null for none. */
export interface HeroChoice {
  id: string | null;
  url: string | null;
}

interface Props {
  tournament: AdminTournament | null;
  levels: LevelChoice[];
  courses: CourseChoice[];
  currency: string;
  organisation: string;
  hero: HeroChoice;
}

export function EventPageFields({ hero, onHeroChange, ...props }: Props & { onHeroChange: (hero: HeroChoice) => void }) {
  const { tournament, levels, courses, currency, organisation } = props;
  const field = bindFields(useFormContext<TournamentFormValues>());
  const [previewing, setPreviewing] = useState(false);
  return (
    <fieldset className="flex flex-col gap-4 border-t border-stone-200 pt-4">
      <legend className="text-base font-semibold text-stone-900">Event page</legend>
      <p className="text-sm text-stone-700">What Home shows while the tournament is active. Plain text: line breaks are kept.</p>
      <TextAreaField label="Cause" rows={4} hint="Optional" {...field('cause')} />
      <TextAreaField label="Schedule" rows={4} hint="One line each, e.g. 12:30 Shotgun start" {...field('schedule')} />
      <Field
        label="Address"
        autoComplete="off"
        hint="The course's street address; the page links it to a map search"
        {...field('address')}
      />
      <HeroImageField hero={hero} name={tournament?.name ?? ''} onChange={onHeroChange} />
      <Button variant="secondary" className="w-fit" aria-expanded={previewing} onClick={() => setPreviewing(!previewing)}>
        {previewing ? 'Hide preview' : 'Preview the event page'}
      </Button>
      {previewing ? (
        <Preview tournament={tournament} levels={levels} courses={courses} currency={currency} organisation={organisation} hero={hero} />
      ) : null}
    </fieldset>
  );
}

function Preview({ tournament, levels, courses, currency, organisation, hero }: Props) {
  const values = useWatch<TournamentFormValues>() as TournamentFormValues;
  const course = courses.find((c) => c.id === values.courseId);
  const offered = (values.levels ?? []).flatMap((row) => {
    const level = levels.find((l) => l.id === row.sponsorshipLevelId);
    if (!row.offered || !level) return [];
    const registered = tournament?.levels.find((o) => o.levelId === level.id)?.teamsRegistered ?? 0;
    const places = Number(row.maxTeams.trim());
    return [
      {
        name: level.name,
        description: level.description,
        priceCents: parseMoneyToCents(row.price.trim()) ?? 0,
        // R58: the early price as typed, shown as the page shows it while it runs.
        ...(parseMoneyToCents(row.earlyPrice.trim()) !== null && /^\d{4}-\d{2}-\d{2}$/.test(row.earlyUntil.trim())
          ? { earlyPriceCents: parseMoneyToCents(row.earlyPrice.trim()), earlyUntil: row.earlyUntil.trim() }
          : { earlyPriceCents: null, earlyUntil: null }),
        placesLeft: Number.isInteger(places) ? Math.max(0, places - registered) : 0,
      },
    ];
  });
  const event = {
    id: tournament?.id ?? 'preview',
    name: values.name?.trim() || 'Tournament name',
    startDate: /^\d{4}-\d{2}-\d{2}$/.test(values.startDate ?? '') ? values.startDate : new Date().toISOString().slice(0, 10),
    endDate: /^\d{4}-\d{2}-\d{2}$/.test(values.endDate ?? '') ? values.endDate : null,
    organisation,
    cause: values.cause?.trim() ?? '',
    schedule: scheduleFromText(values.schedule ?? ''),
    address: values.address?.trim() ?? '',
    course: course ? { name: course.name } : null,
    heroImage: hero.url ? { url: hero.url, smallUrl: hero.url } : null,
    registrationOpen: true,
    finished: false,
    levels: offered,
    sponsors: [],
    items: [],
    holeSponsors: [],
    raisedCents: 0,
    goalCents: parseMoneyToCents(values.goal?.trim() ?? '') || null,
    auction: false,
  };
  return (
    // inert: a preview to look at; its links would leave the form unsaved.
    <section aria-label="Preview of the event page" inert className="rounded-lg border-2 border-dashed border-stone-300 bg-stone-50">
      <EventPages events={[event]} currency={currency} preview />
    </section>
  );
}

/**
 * The event's picture (R40; staff only, the same rules as a sponsor's logo): uploaded as soon as it is chosen, so the
 * preview shows it; the tournament keeps it once saved. A refused file says why (the image module's message) and changes
 * nothing.
 */
function HeroImageField({ hero, name, onChange }: { hero: HeroChoice; name: string; onChange: (hero: HeroChoice) => void }) {
  return (
    <ImageUploadField
      label="Event image (optional)"
      purpose="hero"
      variant="w1280"
      failureText="The image could not be uploaded: try again"
      preview={
        hero.url ? (
          <img
            src={hero.url}
            alt={name}
            width={320}
            height={107}
            className="w-80 rounded-md border border-stone-200"
            style={{ aspectRatio: '3 / 1', objectFit: 'cover', height: 'auto' }}
          />
        ) : null
      }
      removeLabel="Remove image"
      onRemove={hero.id ? () => onChange({ id: null, url: null }) : null}
      hint="Shown at the top of the event page and in shared links. PNG, JPEG or WebP, at most 2 MB; wide (3:1) works best"
      onUploaded={onChange}
    />
  );
}
