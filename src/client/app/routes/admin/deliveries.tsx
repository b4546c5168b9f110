import { AdminLayout } from '#client/components/layouts/admin-layout.tsx';
import { DeliveryList } from '#client/features/deliveries/components/delivery-list.tsx';
import { useTranslation } from '#client/lib/i18n.ts';

/** Alert deliveries: both roles may look and retry (docs/decisions/024). */
export function AdminDeliveriesRoute() {
  const { t } = useTranslation('admin');
  return (
    <AdminLayout title={t('deliveries.title')}>
      <section
        aria-labelledby="deliveries-heading"
        className="mx-auto w-full max-w-6xl overflow-hidden rounded-xl border bg-card pb-2 shadow-sm"
      >
        <div className="border-b p-4 sm:p-6">
          <h2 id="deliveries-heading" className="text-lg font-semibold tracking-tight">
            {t('deliveries.heading')}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{t('deliveries.description')}</p>
        </div>
        <div className="pt-4">
          <DeliveryList />
        </div>
      </section>
    </AdminLayout>
  );
}
