import { serviceKeys } from '@lumen/core/services/catalogue';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import { Label } from '@/components/ui/label.tsx';
import { Select } from '@/components/ui/select.tsx';
import { services } from '@/lib/service-details.ts';

export function toolFrom(value: string | null): ServiceKey | '' {
  return value !== null && (serviceKeys as readonly string[]).includes(value) ? (value as ServiceKey) : '';
}

export function ToolFilter({ id, value, onChange }: { id: string; value: ServiceKey | ''; onChange: (tool: string) => void }) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>Tool</Label>
      <Select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">All tools</option>
        {services.map((service) => (
          <option key={service.key} value={service.key}>
            {service.name}
          </option>
        ))}
      </Select>
    </div>
  );
}
