import { useParams } from 'react-router';
import { LoadFailed } from '@/components/load-failed';
import { SectionSpinner } from '@/components/page-spinner';
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
  if (widget.data) return <WidgetEditor key={widget.data.id} widget={widget.data} />;
  if (widget.isError)
    return <LoadFailed error={widget.error} onRetry={() => void widget.refetch()} isRetrying={widget.isFetching} />;
  return <SectionSpinner />;
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
