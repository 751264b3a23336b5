import { Swiper } from 'antd-mobile';
import { swiper } from '../../../shared/constants.ts';
import { Banner, banners } from './banners.tsx';

/**
 * The home banners in antd-mobile's Swiper (SPEC section 9: autoplay every 5,000 ms, 500 ms
 * slides). Loaded after the home page, which shows the first banner until then.
 */
export default function BannerSwiper() {
  return (
    <Swiper
      className="home-swiper"
      autoplay
      autoplayInterval={swiper.interval}
      loop
      style={{ '--track-padding': '0 0 16px', '--border-radius': '12px' }}
      data-testid="banner-swiper"
    >
      {banners.map((banner) => (
        <Swiper.Item key={banner}>
          <Banner index={banner} />
        </Swiper.Item>
      ))}
    </Swiper>
  );
}
