// 简体中文: the Settings view (providers, models, safety, heartbeat, app) and its validation messages.
import type { Translation } from '../catalogue-types';
import type { settings as en } from '../en/settings';

export const settings: Translation<typeof en> = {
  view: {
    title: '设置',
    fieldsNeedFixing_other: '有 {{count}} 项需要修正，未保存任何内容。',
    notSaved: '未保存：{{message}}',
    saved: '设置已保存',
    loadFailed: '无法加载设置',
    note: '提示',
    changedElsewhere: '你编辑期间，设置在别处被修改了',
    loadThem: '载入新设置',
    savingAppliesYours: '保存时只会应用你在这里做的修改。',
    unsaved: '有未保存的修改。',
    allSaved: '所有修改均已保存。',
    discard: '放弃',
    saving: '保存中…',
    save: '保存修改',
  },
  heartbeat: {
    title: '心跳',
    intro: '定时唤醒智能体检查 HEARTBEAT.md；只有值得告诉你的事才会通知你。',
    run: '运行心跳',
    every: '间隔（分钟）',
    budget: '每日 token 预算',
    budgetHint: '0 = 不限',
    from: '活跃开始时间',
    until: '活跃结束时间',
    aroundTheClock: '两项都留空则全天运行。',
  },
  app: {
    title: '应用',
    shortcut: '快速提问快捷键',
    shortcutHint: '例如 CommandOrControl+Shift+Space',
    theme: '主题',
    themeSystem: '跟随系统',
    themeLight: '浅色',
    themeDark: '深色',
    language: '语言',
    languageSystem: '跟随系统',
    launchAtLogin: '登录时启动',
  },
  languageNames: {
    en: 'English',
    zh: '简体中文',
  },
};
