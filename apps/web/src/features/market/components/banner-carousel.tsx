import { useEffect, useRef, useState } from 'react';
import { swiper } from '../../../shared/constants.ts';
import { navigate } from '../../../shared/navigation.ts';
import { useBannerList } from '../api/banner-list.ts';
import { Banner } from './banners.tsx';

/**
 * The home banners (docs/product.md section 9: they turn every 5,000 ms), the operators' ones from
 * `GET banner/list`, each opening its link inside the app. A row of slides with CSS scroll
 * snapping, so a finger swipes them natively; a timer turns them while no finger is down. No
 * animation library: the home route's first paint waits for none (docs/performance.md, bench:web).
 * Until the list arrives the catalog's first banner shows (the seeded banner 0). The server draws
 * the same markup into index.html before the JavaScript runs (apps/server/src/plugins/first-view.ts):
 * a change here is a change there.
 */
export function BannerCarousel() {
  const banners = useBannerList();
  const track = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const [held, setHeld] = useState(false);
  const count = banners.data?.length ?? 0;

  useEffect(() => {
    const element = track.current;
    if (!element || count < 2 || held) return;
    const timer = setInterval(() => {
      const next = (Math.round(element.scrollLeft / element.clientWidth) + 1) % count;
      element.scrollTo({ left: next * element.clientWidth, behavior: 'smooth' });
    }, swiper.interval);
    return () => clearInterval(timer);
  }, [count, held]);

  if (!banners.data) {
    return (
      <div className="banner-carousel">
        <Banner index={0} />
      </div>
    );
  }
  if (count === 0) return null;
  return (
    <div className="banner-carousel" data-testid="banner-swiper">
      <div
        ref={track}
        className="banner-track"
        onScroll={(event) =>
          setCurrent(Math.round(event.currentTarget.scrollLeft / Math.max(1, event.currentTarget.clientWidth)))
        }
        onPointerDown={() => setHeld(true)}
        onPointerUp={() => setHeld(false)}
        onPointerCancel={() => setHeld(false)}
      >
        {banners.data.map((banner) =>
          banner.link ? (
            <button
              key={banner.id}
              type="button"
              className="banner-slide banner-link"
              onClick={() => navigate(banner.link ?? '/')}
            >
              <Banner index={0} banner={banner} />
            </button>
          ) : (
            <div key={banner.id} className="banner-slide">
              <Banner index={0} banner={banner} />
            </div>
          ),
        )}
      </div>
      {count > 1 && (
        <div className="banner-dots" aria-hidden>
          {banners.data.map((banner, index) => (
            <span key={banner.id} className={index === current ? 'banner-dot-active' : 'banner-dot'} />
          ))}
        </div>
      )}
    </div>
  );
}
