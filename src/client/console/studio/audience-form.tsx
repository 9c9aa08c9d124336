import { useId } from 'react';
import type { AdminTenant } from '../../../shared/contract/admin';
import { fromZonedInput, toZonedInput, zoneOf } from '../../../shared/console/zoned-date';
import { isObject, setProperty, type Json, type JsonObject } from '../../../shared/console/studio-document';
import type { StudioProblem } from '../../../shared/contract/layout-studio';

// Who a document serves and when (issue 29): its title; the home_page values it answers to (or "*", the default of
// its kind); the tenants it is for (an override that wins over serves); its schedule, entered on the chosen tenant's
// wall clock and kept as an instant; and an experiment arm. The same fields as the JSON, with the server's problems.

const strings = (v: Json | undefined): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

function toggled(list: readonly string[], value: string, on: boolean): string[] {
  return on ? [...list.filter((x) => x !== value), value] : list.filter((x) => x !== value);
}

type Problems = readonly StudioProblem[];

/** The server's problems at or under `pointer`, under the field they are about. */
function FieldProblems({ problems, pointer }: { problems: Problems; pointer: string }) {
  const list = problems.filter((p) => p.pointer === pointer || p.pointer.startsWith(`${pointer}/`));
  return list.length ? (
    <ul className="studio-problems">
      {list.map((p) => (
        <li key={`${p.pointer}:${p.message}`}>{p.message}</li>
      ))}
    </ul>
  ) : null;
}

/** A fieldset of checkboxes over `choices`, keeping `selected` (order of ticking). */
function Checks(props: {
  legend: string;
  hint: string;
  choices: readonly { value: string; label: string }[];
  selected: readonly string[];
  onChange: (next: string[]) => void;
  problems: Problems;
  pointer: string;
}) {
  return (
    <fieldset>
      <legend>{props.legend}</legend>
      <p className="hint">{props.hint}</p>
      <div className="checks">
        {props.choices.map((c) => (
          <label key={c.value} className="field-checkbox">
            <input
              type="checkbox"
              checked={props.selected.includes(c.value)}
              onChange={(e) => props.onChange(toggled(props.selected, c.value, e.target.checked))}
            />
            {c.label}
          </label>
        ))}
      </div>
      <FieldProblems problems={props.problems} pointer={props.pointer} />
    </fieldset>
  );
}

function ScheduleFields(props: {
  schedule: JsonObject;
  onChange: (schedule: JsonObject | undefined) => void;
  zone: string;
  tenantName: string;
  problems: Problems;
}) {
  const id = useId();
  const { schedule, zone } = props;
  const set = (key: 'from' | 'until', local: string) => {
    const next: JsonObject = { ...schedule };
    const iso = fromZonedInput(local, zone);
    if (iso) next[key] = iso;
    else delete next[key];
    props.onChange(Object.keys(next).length ? next : undefined);
  };
  const field = (key: 'from' | 'until', label: string) => (
    <div className="field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        type="datetime-local"
        value={toZonedInput(typeof schedule[key] === 'string' ? schedule[key] : '', zone)}
        onChange={(e) => set(key, e.target.value)}
      />
    </div>
  );
  return (
    <fieldset>
      <legend>Schedule</legend>
      <p className="hint">
        Leave both empty to serve at all times. Times are on {props.tenantName}’s clock ({zone}).
      </p>
      <div className="row">
        {field('from', 'Starts at')}
        {field('until', 'Ends at')}
      </div>
      <FieldProblems problems={props.problems} pointer="/schedule" />
    </fieldset>
  );
}

function ExperimentFields(props: {
  experiment: JsonObject | null;
  onChange: (experiment: JsonObject | undefined) => void;
  problems: Problems;
}) {
  const id = useId();
  const { experiment } = props;
  return (
    <fieldset>
      <legend>Experiment</legend>
      <label className="field-checkbox">
        <input
          type="checkbox"
          checked={experiment !== null}
          onChange={(e) =>
            props.onChange(e.target.checked ? { id: 'home-test', variant: 'variant-b', weight: 50 } : undefined)
          }
        />
        Split shoppers between this document and the others of the same experiment
      </label>
      {experiment && (
        <div className="row">
          {(['id', 'variant'] as const).map((key) => (
            <div className="field" key={key}>
              <label htmlFor={`${id}-${key}`}>{key === 'id' ? 'Experiment id' : 'Variant name'}</label>
              <input
                id={`${id}-${key}`}
                value={typeof experiment[key] === 'string' ? experiment[key] : ''}
                pattern="[a-z0-9]+(-[a-z0-9]+)*"
                maxLength={60}
                onChange={(e) => props.onChange({ ...experiment, [key]: e.target.value })}
              />
            </div>
          ))}
          <div className="field">
            <label htmlFor={`${id}-weight`}>Share of shoppers (%)</label>
            <input
              id={`${id}-weight`}
              type="number"
              min={0}
              max={100}
              value={typeof experiment.weight === 'number' ? experiment.weight : ''}
              onChange={(e) =>
                props.onChange({ ...experiment, weight: e.target.value === '' ? 0 : Number(e.target.value) })
              }
            />
          </div>
        </div>
      )}
      <FieldProblems problems={props.problems} pointer="/experiment" />
    </fieldset>
  );
}

export function AudienceForm(props: {
  doc: JsonObject;
  onChange: (doc: JsonObject) => void;
  tenants: readonly AdminTenant[];
  homePages: readonly string[];
  /** The tenant whose wall clock the schedule is entered on. */
  tenant: AdminTenant;
  problems: Problems;
}) {
  const { doc, problems } = props;
  const id = useId();
  const set = (key: string, value: Json | undefined) => props.onChange(setProperty(doc, key, value));
  const hosts = [...new Set(props.tenants.flatMap((t) => t.hosts))].sort();
  const serves = ['*', ...props.homePages.filter((v) => v !== '*')];
  return (
    <div className="studio-audience">
      <div className="field">
        <label htmlFor={`${id}-title`}>Title</label>
        <input
          id={`${id}-title`}
          value={typeof doc.title === 'string' ? doc.title : ''}
          maxLength={200}
          required
          onChange={(e) => set('title', e.target.value)}
        />
        <FieldProblems problems={problems} pointer="/title" />
      </div>
      <Checks
        legend="Serves these home page values"
        hint="Tenants whose home page setting is one of these get this document; “*” makes it the default of its kind."
        choices={serves.map((v) => ({ value: v, label: v === '*' ? '* (the default)' : v }))}
        selected={strings(doc.serves)}
        onChange={(next) => set('serves', next)}
        problems={problems}
        pointer="/serves"
      />
      <Checks
        legend="Only for these tenants"
        hint="For these hosts the document wins over one chosen by their home page value."
        choices={hosts.map((h) => ({ value: h, label: h }))}
        selected={strings(doc.tenants)}
        onChange={(next) => set('tenants', next.length ? next : undefined)}
        problems={problems}
        pointer="/tenants"
      />
      <ScheduleFields
        schedule={isObject(doc.schedule) ? doc.schedule : {}}
        onChange={(next) => set('schedule', next)}
        zone={zoneOf(props.tenant.data.time_zone)}
        tenantName={props.tenant.data.name}
        problems={problems}
      />
      <ExperimentFields
        experiment={isObject(doc.experiment) ? doc.experiment : null}
        onChange={(next) => set('experiment', next)}
        problems={problems}
      />
    </div>
  );
}
