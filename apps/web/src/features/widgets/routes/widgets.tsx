import { useParams } from 'react-router';
import { QueryContent } from '@/components/query-content';
import { useWidget } from '../api/get-widget';
import { WidgetEditor } from '../components/widget-editor';
import { WidgetsGate } from '../components/widgets-gate';
import { WidgetsPage } from '../components/widgets-page';

// /widgets: the agency's widgets (admins of agencies allowed to create them)
export function WidgetsRoute() {
  return (
    <WidgetsGate>
      <WidgetsPage />
    </WidgetsGate>
  );
}

// /widgets/create
export function WidgetCreateRoute() {
  return (
    <WidgetsGate>
      <WidgetEditor widget={null} />
    </WidgetsGate>
  );
}

function EditWidget({ id }: { id: string }) {
  const widget = useWidget(id);
  return <QueryContent query={widget}>{(data) => <WidgetEditor key={data.id} widget={data} />}</QueryContent>;
}

// /widgets/:id
export function WidgetEditRoute() {
  const { id = '' } = useParams();
  return (
    <WidgetsGate>
      <EditWidget id={id} />
    </WidgetsGate>
  );
}
