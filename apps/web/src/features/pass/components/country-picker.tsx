import { useMemo, useState } from 'react';
import List from 'antd-mobile/es/components/list';
import Popup from 'antd-mobile/es/components/popup';
import SearchBar from 'antd-mobile/es/components/search-bar';
import { countryOptions } from '@sq/contract/documents/countries';
import './country-picker.css';

interface Props {
  visible: boolean;
  value: string;
  onPick: (code: string) => void;
  onClose: () => void;
}

/**
 * 国籍: 250 countries are too many for a wheel, so a list to search by typing part of the name
 * (日本, 美) or its code (JP), common nationalities first.
 */
export function CountryPicker({ visible, value, onPick, onClose }: Props) {
  const [search, setSearch] = useState('');
  const shown = useMemo(() => {
    const term = search.trim().toUpperCase();
    return term ? countryOptions().filter((c) => c.label.includes(term) || c.value === term) : countryOptions();
  }, [search]);
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="country-picker" destroyOnClose>
      <div className="country-picker-head">
        <h2>选择国籍</h2>
        <button type="button" onClick={onClose}>
          取消
        </button>
      </div>
      <SearchBar placeholder="输入国家名称搜索" value={search} onChange={setSearch} aria-label="搜索国籍" />
      <List className="country-picker-list">
        {shown.map((c) => (
          <List.Item key={c.value} clickable arrow={false} onClick={() => onPick(c.value)} extra={c.value === value ? '已选' : undefined}>
            {c.label}
          </List.Item>
        ))}
        {shown.length === 0 && <List.Item>没有找到，请换个名称试试</List.Item>}
      </List>
    </Popup>
  );
}
