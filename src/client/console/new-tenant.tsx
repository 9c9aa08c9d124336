import { TenantCreate } from '../../shared/contract/admin';
import { admin } from './admin-client';
import { SchemaForm, type FieldSpec } from './schema-form';

// A new tenant: its key, its first host and name, and the home_page its layouts follow (admin). The fields are the
// contract's TenantCreate properties (flattened: hosts[0], data.name, data.home_page), checked in the browser with the
// server's words by the form renderer (issue 26: the Key's pattern attribute is valid under the `v` flag, and a bad
// key is explained, not answered with ajv's text).
const SCHEMA = {
  properties: {
    key: TenantCreate.properties.key,
    host: TenantCreate.properties.hosts.items,
    name: { ...TenantCreate.properties.data.properties.name, title: 'Site name' },
    home_page: TenantCreate.properties.data.properties.home_page,
  },
  required: ['key', 'host', 'name'],
};

export default function NewTenant({ homePages, onCreated }: { homePages: string[]; onCreated: (id: string) => void }) {
  const fields: FieldSpec[] = [
    { name: 'key', hint: 'e.g. six: a-z, 0-9, . _ - ; never changes.' },
    { name: 'host', hint: 'e.g. six.localhost: the address shoppers open.' },
    { name: 'name' },
    { name: 'home_page', label: 'home_page', options: homePages.map((v) => ({ value: v, label: v })), required: true },
  ];
  return (
    <div className="new-tenant">
      <SchemaForm
        title="New tenant"
        schema={SCHEMA}
        fields={fields}
        initial={{ key: '', host: '', name: '', home_page: homePages[0] ?? '' }}
        timeZone="UTC"
        submitLabel="Create"
        resetOnSuccess
        onChange={(field, next) =>
          field === 'host' ? { ...next, host: String(next.host).trim().toLowerCase() } : next
        }
        onSubmit={async (v) => {
          // Every field is text and starts as '' (initial above).
          const text = (field: string) => String(v[field] ?? '');
          const res = await admin('createTenant', {
            body: {
              key: text('key'),
              hosts: [text('host')],
              data: { name: text('name'), home_page: text('home_page') },
            },
          });
          onCreated(res.data._id);
          return `Created ${String(v.name)}.`;
        }}
      />
    </div>
  );
}
