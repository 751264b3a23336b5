import { Swiper } from 'antd-mobile';
import { swiper } from '../../../shared/constants.ts';
import { navigate } from '../../../shared/navigation.ts';
import { useBannerList } from '../api/banner-list.ts';
import styles from '../market.module.css';
import { Banner } from './banners.tsx';

/**
 * The home banners in antd-mobile's Swiper (docs/product.md section 9: autoplay every 5,000 ms, 500 ms
 * slides). Loaded after the home page, which shows the first banner until then; the banners are
 * the operators' (`GET banner/list`), each opening its link inside the app.
 */
export default function BannerSwiper() {
  const banners = useBannerList();
  if (!banners.data) {
    return (
      <div className={styles.bannerFallback}>
        <Banner index={0} />
      </div>
    );
  }
  if (banners.data.length === 0) return null;
  return (
    <Swiper
      className={styles.homeSwiper}
      autoplay
      autoplayInterval={swiper.interval}
      loop
      style={{ '--track-padding': '0 0 16px', '--border-radius': '12px' }}
      data-testid="banner-swiper"
    >
      {banners.data.map((banner) => (
        <Swiper.Item key={banner.id} onClick={banner.link ? () => navigate(banner.link ?? '/') : undefined}>
          <Banner index={0} banner={banner} />
        </Swiper.Item>
      ))}
    </Swiper>
  );
}
